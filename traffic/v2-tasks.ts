/**
 * The platform's V2 account import judged from traffic (decision 028; decision 029, "Update: the
 * V2 statements"). The reference is silent on V2, so the platform is its only source: every
 * finding here is graded by that source, a platform statement broken is a warning, and a check
 * resting on the kit's own reading of V2 (a task due when its window opens on the mock clock) is
 * a kit warning. Like the history, a check concludes only from what the same stream showed.
 * - One exchange: a schedule accepted whose window the platform's validators refuse (an end past
 *   the limit after the request, a start not before its end); a PROCESSED task with no
 *   kraken_identifier.
 * - History per (supplier, account): a schedule accepted for an account the stream saw imported
 *   (the platform's already-imported 400); a dry run's task PROCESSED; a task's status going back
 *   while it was not scheduled again; a task created while the stream ran that no schedule of the
 *   stream created; a task still PENDING after the latest time its window could end; after the
 *   kit mock's operator ran the due tasks (or moved the clock), a due task not held still PENDING.
 * The target's time is the kit mock's clock as its control API last stated it, else the answer's
 * Date header, else the time of the exchange. State is bounded by `maxAccounts` per kind.
 */

import { BoundedKeys } from './bounded-keys.ts';
import type { Matched } from './check-exchange.ts';
import { type Exchange, headerValue, jsonBody, pathOf } from './exchange.ts';
import { type Finding, finding } from './findings.ts';
import { field, text } from './json-fields.ts';
import {
  ALREADY_IMPORTED_CODE,
  lifecycleRank,
  PENDING,
  PROCESSED,
  V2_OPERATIONS,
  WINDOW_END_CODE,
  WINDOW_LIMIT_MS,
} from './v2-facts.ts';
import { judgeWindow, type V2Task } from './v2-window.ts';

/** How far the target's time may be misread (whole-second stamps, a clock read a moment apart). */
const SLACK_MS = 60_000;
/**
 * How far a task's created_at may pass the stream's start and still predate it: whole-second
 * stamps only, so a task scheduled seconds into the stream is judged.
 */
const HORIZON_SLACK_MS = 2_000;
const DEFAULT_MAX = 100_000;

type Operation = Extract<Matched, { kind: 'operation' }>;

/** A (supplier, account) key that no two pairs share. */
function keyOf(supplier: string | undefined, account: string | undefined): string | undefined {
  return supplier !== undefined && account !== undefined
    ? `${supplier}\u0000${account}`
    : undefined;
}

function json(body: string): unknown {
  const parsed = jsonBody(body);
  return parsed.ok ? parsed.value : undefined;
}

function instant(value: unknown): number | undefined {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** V2's tasks and the accounts the stream saw imported, with the checks they make possible. */
export class V2Tasks {
  #tasks: BoundedKeys<V2Task>;
  #imported: BoundedKeys<number>;
  /** The held tasks (the kit mock's operator), by key. */
  #held: BoundedKeys<true>;
  /** Tasks created at or before this target time may predate what the stream still remembers. */
  #horizon: number | undefined;
  /** The kit mock's clock as last stated: its instant, whether frozen, when it was stated. */
  #clock: { now: number; frozen: boolean; at: number } | undefined;
  /** The last time the operator had the due tasks run: exchange time and the target's time. */
  #ranDue: { at: number; now: number } | undefined;
  readonly #max: number;

  constructor(maxAccounts = DEFAULT_MAX) {
    this.#max = maxAccounts;
    this.#tasks = this.#newTasks();
    this.#imported = new BoundedKeys(maxAccounts);
    this.#held = new BoundedKeys(maxAccounts);
  }

  #newTasks(): BoundedKeys<V2Task> {
    // A task forgotten for room: a status of it is no longer proof it was never scheduled.
    return new BoundedKeys<V2Task>(this.#max, (task) => {
      this.#horizon = Math.max(this.#horizon ?? task.createdBy, task.createdBy + HORIZON_SLACK_MS);
    });
  }

  /** The target's time when `exchange` was sent. */
  #now(exchange: Exchange): number {
    const clock = this.#clock;
    if (clock) return clock.frozen ? clock.now : clock.now + (exchange.time - clock.at);
    return instant(headerValue(exchange.response.headers, 'date')) ?? exchange.time;
  }

  /** Checks one exchange (or reads the operator's statement `control`), then records it. */
  observe(exchange: Exchange, matched: Matched, control?: string): Finding[] {
    this.#horizon ??= this.#now(exchange) + HORIZON_SLACK_MS;
    const { status } = exchange.response;
    if (control !== undefined) {
      if (status >= 200 && status < 300) this.#statement(control, exchange);
      return [];
    }
    if (matched.kind !== 'operation') return [];
    switch (matched.operation.operationId) {
      case V2_OPERATIONS.schedule:
        return this.#schedule(exchange);
      case V2_OPERATIONS.status:
        return status === 200 ? this.#status(matched, exchange) : [];
      case 'processAccountImportProcess':
        this.#v1Process(exchange);
        return [];
      case 'getAccountTransferStatus':
        this.#v1Status(matched, exchange);
        return [];
      default:
        return [];
    }
  }

  /** The kit mock's operator: its clock, the due tasks run, a task held, a state replaced. */
  #statement(control: string, exchange: Exchange): void {
    const answer = json(exchange.response.body);
    switch (control) {
      case 'resetState':
      case 'importState':
        this.#tasks = this.#newTasks();
        this.#imported = new BoundedKeys(this.#max);
        this.#held = new BoundedKeys(this.#max);
        // An imported state may hold tasks of any time that no schedule of the stream made.
        this.#horizon = control === 'importState' ? Number.POSITIVE_INFINITY : this.#now(exchange);
        this.#ranDue = undefined;
        return;
      case 'getClock':
      case 'setClock': {
        const now = instant(field(answer, 'now'));
        if (now !== undefined) {
          this.#clock = { now, frozen: field(answer, 'frozen') === true, at: exchange.time };
        }
        // Moving the clock runs the due tasks as run-due does (decision 028).
        if (control === 'setClock' && now !== undefined) this.#ranDue = { at: exchange.time, now };
        return;
      }
      case 'runDueV2Tasks':
        this.#ranDue = { at: exchange.time, now: this.#now(exchange) };
        return;
      case 'holdV2Task':
        this.#hold(exchange);
        return;
      default:
        return;
    }
  }

  #hold(exchange: Exchange): void {
    const parts = pathOf(exchange.request.url).split('/').filter(Boolean);
    // /__mock/v2/tasks/{code}/{number}/hold
    const key = keyOf(
      parts[3] && decodeURIComponent(parts[3]),
      parts[4] && decodeURIComponent(parts[4]),
    );
    if (key === undefined) return;
    const held = field(json(exchange.request.body), 'status');
    if (held === null) {
      this.#held.delete(key);
      const task = this.#tasks.get(key);
      if (task) task.changedAt = exchange.time;
    } else {
      this.#held.set(key, true);
    }
  }

  /** A schedule: refused as already imported, or accepted (the window, an imported account). */
  #schedule(exchange: Exchange): Finding[] {
    const request = json(exchange.request.body);
    const payload = field(request, 'payload');
    const key = keyOf(
      text(field(payload, 'import_supplier')),
      text(field(payload, 'external_account_number')),
    );
    const { status } = exchange.response;
    if (status === 400 && key !== undefined) {
      const answer = json(exchange.response.body);
      if (field(field(answer, 'non_field_errors'), 'code') === ALREADY_IMPORTED_CODE) {
        this.#imported.set(key, exchange.time);
      }
      return [];
    }
    if (status < 200 || status >= 300) return [];
    const now = this.#now(exchange);
    const params = field(request, 'task_params');
    const out = judgeWindow(params, now, WINDOW_LIMIT_MS + SLACK_MS).map((problem) =>
      finding(
        'kit:v2-schedule-window',
        'platform',
        V2_OPERATIONS.schedule,
        problem.pointer,
        problem.message,
      ),
    );
    if (key === undefined) return out;
    const importedAt = this.#imported.get(key);
    if (importedAt !== undefined && exchange.time >= importedAt) {
      out.push(
        finding(
          'kit:v2-already-imported',
          'platform',
          V2_OPERATIONS.schedule,
          '/response/status',
          `a schedule of an account the stream saw imported was answered ${status}, not the platform's 400 ${ALREADY_IMPORTED_CODE}`,
        ),
      );
    }
    const start = instant(field(params, 'schedule_window_start'));
    this.#tasks.set(key, {
      createdBy: now,
      start: start ?? now,
      startSent: start !== undefined,
      dryRun: field(params, 'is_dry_run') === true,
      rank: 0,
      changedAt: exchange.time,
    });
    return out;
  }

  /** A task's status answered 200. */
  #status(matched: Operation, exchange: Exchange): Finding[] {
    const params = new Map(Object.entries(matched.params));
    const key = keyOf(params.get('import_supplier_code'), params.get('external_identifier'));
    const answer = json(exchange.response.body);
    const status = text(field(answer, 'status'));
    if (key === undefined || status === undefined) return [];
    const task = this.#tasks.get(key);
    const out = [
      ...processedIdentifier(status, answer),
      ...this.#unscheduled(task, answer, exchange),
      ...this.#pastWindow(key, status, answer, exchange),
    ];
    if (status === PROCESSED) this.#imported.set(key, exchange.time);
    if (task === undefined || exchange.time < task.changedAt) return out;
    if (status === PROCESSED && task.dryRun) {
      out.push(
        finding(
          'kit:v2-dry-run-created',
          'platform',
          V2_OPERATIONS.status,
          '/response/body/status',
          `a dry run's task answered ${PROCESSED}: a dry run rolls the creation back (is_dry_run)`,
        ),
      );
    }
    out.push(...this.#lifecycle(key, task, status, exchange));
    return out;
  }

  /** The status going back, or a due task not run after the operator ran the due tasks. */
  #lifecycle(key: string, task: V2Task, status: string, exchange: Exchange): Finding[] {
    const rank = lifecycleRank(status);
    if (rank === undefined) return [];
    const out: Finding[] = [];
    if (rank < task.rank) {
      out.push(
        finding(
          'kit:v2-task-lifecycle',
          'platform',
          V2_OPERATIONS.status,
          '/response/body/status',
          `a task's status went back to ${status} while it was not scheduled again`,
        ),
      );
    }
    task.rank = Math.max(task.rank, rank);
    const ran = this.#ranDue;
    const due =
      ran !== undefined &&
      ran.at > task.changedAt &&
      exchange.time >= ran.at &&
      task.start <= ran.now &&
      this.#held.get(key) === undefined;
    if (rank === 0 && due && out.length === 0) {
      // The mock runs a task when its window opens on its clock (decision 028): the kit's reading.
      out.push(
        finding(
          'kit:v2-task-not-run',
          task.startSent ? 'platform' : 'kit',
          V2_OPERATIONS.status,
          '/response/body/status',
          `a task whose window had opened was still ${PENDING} after the operator ran the due tasks`,
        ),
      );
    }
    return out;
  }

  /** A task created while the stream ran, by no schedule of the stream. */
  #unscheduled(task: V2Task | undefined, answer: unknown, exchange: Exchange): Finding[] {
    const created = instant(field(answer, 'created_at'));
    if (task !== undefined || created === undefined || this.#horizon === undefined) return [];
    if (created <= this.#horizon || created > this.#now(exchange) + SLACK_MS) return [];
    return [
      finding(
        'kit:v2-task-unscheduled',
        'platform',
        V2_OPERATIONS.status,
        '/response/body/created_at',
        'a task created while the stream ran, though no schedule of the stream was accepted for the pair',
      ),
    ];
  }

  /** PENDING after the latest time the task's window could end (the platform's limit). */
  #pastWindow(key: string, status: string, answer: unknown, exchange: Exchange): Finding[] {
    const created = instant(field(answer, 'created_at'));
    if (status !== PENDING || created === undefined || this.#held.get(key) !== undefined) return [];
    if (this.#now(exchange) <= created + WINDOW_LIMIT_MS + SLACK_MS) return [];
    return [
      finding(
        'kit:v2-task-past-window',
        'platform',
        V2_OPERATIONS.status,
        '/response/body/status',
        `a task still ${PENDING} after the latest time its window could end (${WINDOW_END_CODE})`,
      ),
    ];
  }

  /** A v1 process accepted, or refused as already imported: the account is imported. */
  #v1Process(exchange: Exchange): void {
    const request = json(exchange.request.body);
    const key = keyOf(
      text(field(request, 'import_supplier_code')) ?? text(field(request, 'import_supplier')),
      text(field(request, 'external_account_number')),
    );
    if (key === undefined) return;
    const { status } = exchange.response;
    const code = field(json(exchange.response.body), 'code');
    if (status === 201 || (status === 400 && code === 'account_already_imported')) {
      this.#imported.set(key, exchange.time);
    }
  }

  /** A v1 transfer status past UNKNOWN: an account exists (STS-5). */
  #v1Status(matched: Operation, exchange: Exchange): void {
    if (exchange.response.status !== 200) return;
    const params = new Map(Object.entries(matched.params));
    const key = keyOf(params.get('import_supplier_code'), params.get('external_account_number'));
    const status = text(field(json(exchange.response.body), 'status'));
    if (key !== undefined && status !== undefined && status !== 'UNKNOWN') {
      this.#imported.set(key, exchange.time);
    }
  }
}

/** A PROCESSED task names the account it created (V2ImportStatus.kraken_identifier). */
function processedIdentifier(status: string, answer: unknown): Finding[] {
  if (status !== PROCESSED || typeof field(answer, 'kraken_identifier') === 'string') return [];
  return [
    finding(
      'kit:v2-processed-identifier',
      'platform',
      V2_OPERATIONS.status,
      '/response/body/kraken_identifier',
      `a ${PROCESSED} task without the kraken_identifier of the account it created`,
    ),
  ];
}
