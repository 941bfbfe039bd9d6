/**
 * What every section of the console shares: the page's state, its status line, the last
 * interface call, and the two ways an action runs (through the control API or as the supplier).
 * An action's effect is read back before the status line says it is done, so that a person (and a
 * test) who reads the message sees the change on the page.
 */
import type { Answer } from './api.ts';
import { h } from './dom.ts';
import { callText, reportText, succeeded } from './formats.ts';
import type { ConsoleState } from './state.ts';

/** The shared parts of the page and the ways to act, handed to each section. */
export interface ConsoleContext {
  readonly state: ConsoleState;
  /** The status line, announced by screen readers. */
  readonly message: HTMLParagraphElement;
  /** Whether the page is live, and when it last read the mock. */
  readonly live: HTMLParagraphElement;
  /** The last interface call and its answer. */
  readonly lastCall: HTMLPreElement;
  /** Shows what an action got in the status line. */
  report(what: string, answer: Answer): void;
  /** Puts a sentence of the console's own in the status line; `bad` colours it as a failure. */
  say(text: string, bad?: boolean): void;
  /** Shows an interface call and its answer under "Last interface call". */
  showCall(what: string, answer: Answer): void;
  /** Reads the mock and renders what changed (after any read under way). */
  refresh(): Promise<void>;
  /** Runs a control API call, reads the mock, then reports the answer. */
  act(what: string, run: () => Promise<Answer>): Promise<Answer>;
  /** Calls the interface as the supplier, shows the call, reports it, then reads the mock. */
  supplierAct(what: string, method: string, path: string, body?: unknown): Promise<Answer>;
}

/** The context of one page over its state; `read` is the page's whole read of the mock. */
export function createContext(state: ConsoleState, read: () => Promise<void>): ConsoleContext {
  const message = h('p', {
    id: 'message',
    class: 'message',
    role: 'status',
    'aria-live': 'polite',
  });
  const live = h('p', { id: 'live', class: 'muted' }, 'Connecting…');
  const lastCall = h('pre', { id: 'supplier-result' }, '(no call yet)');
  const refresh = () => state.read(read);
  const report = (what: string, answer: Answer) => {
    message.className = `message ${succeeded(answer) ? 'status-ok' : 'status-bad'}`;
    message.textContent = reportText(what, answer);
  };
  const showCall = (what: string, answer: Answer) => {
    lastCall.textContent = callText(what, answer);
  };
  return {
    state,
    message,
    live,
    lastCall,
    report,
    say(text, bad = false) {
      if (bad) message.className = 'message status-bad';
      message.textContent = text;
    },
    showCall,
    refresh,
    async act(what, run) {
      const answer = await run();
      // The view shows the change before the message says it is done.
      await refresh();
      report(what, answer);
      return answer;
    },
    async supplierAct(what, method, path, body) {
      const answer = await state.supplier.call(method, path, body);
      showCall(`${method} ${path}`, answer);
      report(what, answer);
      await refresh();
      return answer;
    },
  };
}
