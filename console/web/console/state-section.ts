/**
 * "Clock, processing and state": the mock clock (advance, freeze), the processing settings
 * (PRC-9), and the whole state: reset after a confirmation, export to a file, import from one
 * (GEN-2).
 */
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { field, h, section, select } from './dom.ts';
import { clockText, exportFileName, freezeLabel } from './formats.ts';
import { advanceChange, processingChange } from './requests.ts';
import type { ClockView, ProcessingView } from './views.ts';

/** How long a downloaded export's object URL is kept, so that the browser can save it first. */
const EXPORT_URL_MS = 10_000;

/** The state section and how it shows what the mock read. */
export interface StateSection {
  element: HTMLElement;
  renderClock(clock: ClockView): void;
  renderProcessing(processing: ProcessingView): void;
}

/** Builds the state section. */
export function stateSection(ctx: ConsoleContext): StateSection {
  const clock = clockFieldset(ctx);
  const processing = processingFieldset(ctx);
  const element = section(
    'state',
    'Clock, processing and state',
    h('div', { class: 'grid' }, clock.fieldset, processing.fieldset, stateFieldset(ctx)),
  );
  return {
    element,
    renderClock(now) {
      clock.now.textContent = clockText(now);
      ctx.state.setFrozen(now.frozen);
      clock.freeze.textContent = freezeLabel(now.frozen);
    },
    renderProcessing(settings) {
      if (!ctx.state.changed('processing', settings)) return;
      // The person's typing wins: a field being edited is not overwritten by polling.
      if (document.activeElement !== processing.concurrency)
        processing.concurrency.value = settings.concurrency_limit?.toString() ?? '';
      if (document.activeElement !== processing.time)
        processing.time.value = String(settings.processing_time_ms);
    },
  };
}

function clockFieldset(ctx: ConsoleContext) {
  const now = h('output', { id: 'clock-now', 'aria-label': 'Mock time' });
  const amount = h('input', { type: 'number', value: '1', min: '0', step: 'any' });
  const unit = select([
    ['1', 'seconds'],
    ['60', 'minutes'],
    ['3600', 'hours'],
    ['86400', 'days'],
  ]);
  unit.value = '3600';
  const freeze = h('button', { type: 'button', class: 'secondary' }, freezeLabel(false));
  freeze.addEventListener('click', () => {
    const frozen = ctx.state.frozen();
    return ctx.act(freezeLabel(frozen), () => control('PUT', 'clock', { frozen: !frozen }));
  });
  const fieldset = h(
    'fieldset',
    {},
    h('legend', {}, 'Mock clock'),
    h('p', {}, 'Now: ', now),
    h(
      'form',
      {
        class: 'row',
        onsubmit: (event: Event) => {
          event.preventDefault();
          const change = advanceChange(amount.value, unit.value);
          return ctx.act('Advance the clock', () => control('PUT', 'clock', change));
        },
      },
      field('Advance by', amount, 'advance-amount'),
      field('Unit', unit, 'advance-unit'),
      h('button', { type: 'submit' }, 'Advance the clock'),
    ),
    h('div', { class: 'row' }, freeze),
  );
  return { fieldset, now, freeze };
}

function processingFieldset(ctx: ConsoleContext) {
  const concurrency = h('input', { type: 'number', min: '1', inputmode: 'numeric' });
  const time = h('input', { type: 'number', min: '0', max: '600000' });
  const fieldset = h(
    'fieldset',
    {},
    h('legend', {}, 'Processing'),
    h(
      'form',
      {
        onsubmit: (event: Event) => {
          event.preventDefault();
          const change = processingChange(concurrency.value, time.value);
          return ctx.act('Save processing', () => control('PUT', 'processing', change));
        },
      },
      h(
        'div',
        { class: 'row' },
        field('Concurrency limit (empty: none)', concurrency, 'concurrency-limit'),
      ),
      h('div', { class: 'row' }, field('Processing time (ms)', time, 'processing-time')),
      h('button', { type: 'submit' }, 'Save processing'),
    ),
  );
  return { fieldset, concurrency, time };
}

function stateFieldset(ctx: ConsoleContext) {
  const importFile = h('input', { type: 'file', accept: 'application/json,.json' });
  const dialog = resetDialog(ctx);
  return h(
    'fieldset',
    {},
    h('legend', {}, 'State'),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'button', onclick: () => dialog.showModal() }, 'Reset the mock'),
      dialog,
      h(
        'button',
        { type: 'button', class: 'secondary', onclick: () => exportState(ctx) },
        'Export the state',
      ),
    ),
    h(
      'form',
      {
        class: 'row',
        onsubmit: async (event: Event) => {
          event.preventDefault();
          const file = importFile.files?.[0];
          if (!file) {
            ctx.say('Choose a state file to import first.');
            return;
          }
          const text = await file.text();
          return ctx.act('Import the state', () => control('PUT', 'state', text));
        },
      },
      field('State file to import', importFile, 'import-file'),
      h('button', { type: 'submit' }, 'Import the state'),
    ),
  );
}

/** A reset loses every account, note and journal entry: the person confirms it first. */
function resetDialog(ctx: ConsoleContext): HTMLDialogElement {
  const dialog = h(
    'dialog',
    { id: 'reset-dialog', 'aria-labelledby': 'reset-dialog-title' },
    h('h3', { id: 'reset-dialog-title' }, 'Reset the mock?'),
    h(
      'p',
      {},
      'Every account, note, transaction, e-mail and journal entry is lost, and the configured state comes back. Export the state first to keep it.',
    ),
    h(
      'form',
      { method: 'dialog', class: 'row' },
      h('button', { value: 'reset' }, 'Yes, reset the mock'),
      h('button', { value: 'cancel', class: 'secondary', autofocus: true }, 'Cancel'),
    ),
  );
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'reset') return;
    dialog.returnValue = '';
    ctx.state.deselect();
    void ctx.act('Reset the mock', () => control('POST', 'reset'));
  });
  return dialog;
}

/** Downloads the state the mock exports (GEN-2), named by the time of the export. */
async function exportState(ctx: ConsoleContext) {
  const answer = await control('GET', 'state');
  ctx.report('Export the state', answer);
  const blob = new Blob([JSON.stringify(answer.body, null, 2)], { type: 'application/json' });
  const link = h('a', { href: URL.createObjectURL(blob), download: exportFileName(new Date()) });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), EXPORT_URL_MS);
}
