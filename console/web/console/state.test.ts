import { describe, expect, it } from 'vitest';
import { createConsoleState, DEMO_API_KEY } from './state.ts';

describe('createConsoleState', () => {
  it('starts with nothing open, the clock running and the demo API key', () => {
    const state = createConsoleState();
    expect(state.selected()).toBeUndefined();
    expect(state.frozen()).toBe(false);
    expect(state.catalogue()).toEqual({});
    expect(state.catalogueEdited()).toBe(false);
    expect(state.supplier.apiKey).toBe(DEMO_API_KEY);
  });
});

describe('changed', () => {
  it('is true only when a part is to show other data than it shows', () => {
    const state = createConsoleState();
    expect(state.changed('journal', [1])).toBe(true);
    expect(state.changed('journal', [1])).toBe(false);
    expect(state.changed('outbox', [1])).toBe(true);
    expect(state.changed('journal', [2])).toBe(true);
    state.forget('journal');
    expect(state.changed('journal', [2])).toBe(true);
  });
});

describe('select', () => {
  it('opens an account afresh: its data renders again and its meter points start unread', () => {
    const state = createConsoleState();
    state.changed('account-data', ['x']);
    expect(state.meterPointsMoved('["sent"]')).toBe(false);
    state.select({ code: 'DEMO', external: 'E-1' });
    expect(state.selected()).toEqual({ code: 'DEMO', external: 'E-1' });
    expect(state.changed('account-data', ['x'])).toBe(true);
    expect(state.meterPointsMoved('["accepted"]')).toBe(false);
    state.deselect();
    expect(state.selected()).toBeUndefined();
  });
});

describe('meterPointsMoved', () => {
  it('is true when the statuses differ from the last reading of the same account', () => {
    const state = createConsoleState();
    state.select({ code: 'DEMO', external: 'E-1' });
    expect(state.meterPointsMoved('["pending"]')).toBe(false);
    expect(state.meterPointsMoved('["pending"]')).toBe(false);
    expect(state.meterPointsMoved('["sent"]')).toBe(true);
    expect(state.meterPointsMoved('["sent"]')).toBe(false);
  });
});

describe('example', () => {
  it('gives a request example of the spec by name, and nothing for a name it lacks', () => {
    const state = createConsoleState();
    expect(state.example('CreateNotesRequest')).toBeUndefined();
    state.setExamples({ CreateNotesRequest: { value: { notes: [] } } });
    expect(state.example('CreateNotesRequest')).toEqual({ notes: [] });
    expect(state.example('constructor')).toBeUndefined();
  });
});

/** A read that ends when the test says so. */
function gatedRead(log: string[]) {
  const gates: (() => void)[] = [];
  let n = 0;
  const run = () => {
    const id = ++n;
    log.push(`start ${id}`);
    return new Promise<void>((resolve) => {
      gates.push(() => {
        log.push(`end ${id}`);
        resolve();
      });
    });
  };
  return { run, release: () => gates.shift()?.() };
}

describe('read', () => {
  it('runs one read at a time, and callers during a read share one more read after it', async () => {
    const state = createConsoleState();
    const log: string[] = [];
    const { run, release } = gatedRead(log);
    const first = state.read(run);
    const second = state.read(run);
    const third = state.read(run);
    expect(second).toBe(third);
    expect(log).toEqual(['start 1']);
    release();
    await first;
    await Promise.resolve();
    expect(log).toEqual(['start 1', 'end 1', 'start 2']);
    let secondDone = false;
    void second.then(() => {
      secondDone = true;
    });
    await Promise.resolve();
    expect(secondDone).toBe(false);
    release();
    await second;
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('reads again after a failed read, which its caller sees', async () => {
    const state = createConsoleState();
    await expect(state.read(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    let ran = false;
    await state.read(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
