/**
 * The clock the recorded service read at each exchange (decision 029, Replay). Against a deployed
 * service it is the time the exchange was recorded. A recording of the mock may itself move the
 * mock's clock through the control API (the contract suite does, to expire tokens and open V2
 * windows): from its answer on, the recorded clock is that instant, frozen or running on with the
 * recording's time, until a recorded reset gives the mock its running clock back
 * (spec/control.yaml `setClock`, `resetState`).
 */
import { type Exchange, jsonBody, pathOf } from './exchange.ts';

/** Follows the clock changes a recording shows; answers the instant to set before each exchange. */
export class RecordedClock {
  /** Milliseconds the recorded mock clock ran ahead of the recording's time. */
  #offset = 0;
  /** The instant the recorded mock clock was frozen at, or undefined while it ran. */
  #frozenAt: number | undefined;

  /** The instant the recorded service's clock showed when the exchange was sent. */
  at(exchange: Exchange): number {
    return this.#frozenAt ?? exchange.time + this.#offset;
  }

  /** Takes in an exchange already replayed: a recorded clock change or reset moves the clock. */
  observe(exchange: Exchange): void {
    const { request, response } = exchange;
    if (response.status !== 200) return;
    const method = request.method.toUpperCase();
    const path = pathOf(request.url);
    if (method === 'POST' && path === '/__mock/reset') {
      this.#offset = 0;
      this.#frozenAt = undefined;
      return;
    }
    if (method !== 'PUT' || path !== '/__mock/clock') return;
    const body = jsonBody(response.body);
    const clock = body.ok ? (body.value as { now?: unknown; frozen?: unknown }) : undefined;
    const now = typeof clock?.now === 'string' ? Date.parse(clock.now) : Number.NaN;
    if (!Number.isFinite(now)) return;
    if (clock?.frozen === true) this.#frozenAt = now;
    else {
      this.#frozenAt = undefined;
      this.#offset = now - exchange.time;
    }
  }
}
