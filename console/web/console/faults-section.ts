/**
 * The console's faults section (decision 024): the fault plan in force, rule by rule with its
 * counters, and a switch for each named profile and for clearing the plan, so that an operator
 * can put a supplier's client under a flaky network or a maintenance window without curl. It
 * uses only the control API: GET /__mock/faults, GET /__mock/faults/profiles,
 * PUT /__mock/faults/profile and DELETE /__mock/faults.
 */
import { type Answer, control } from './api.ts';
import { type Child, h, replace, table } from './dom.ts';

/** A rule as the control API gives it (FaultRuleFields). */
interface FaultRule {
  operation_id?: string;
  import_supplier?: string;
  external_account_number?: string;
  status?: number;
  retry_after_seconds?: number;
  connection?: string;
  slow_body_ms?: number;
  after_change?: boolean;
  latency?: { distribution: string; ms?: number; min_ms?: number; max_ms?: number } & Record<
    string,
    number | string
  >;
  times?: number;
  share?: number;
  from?: string;
  until?: string;
}
interface FaultPlanState {
  name: string | null;
  seed: number;
  rules: { id: string; rule: FaultRule; injected: number; remaining: number | null }[];
}
interface FaultProfile {
  name: string;
  description: string;
}

/** What the section needs of the page: its way of running an action and reporting it. */
export interface FaultsSectionOptions {
  act(what: string, run: () => Promise<Answer>): Promise<Answer>;
}

/** Which requests a rule matches, in words. */
function matchesText(rule: FaultRule): string {
  const parts = [
    rule.operation_id,
    rule.import_supplier && `supplier ${rule.import_supplier}`,
    rule.external_account_number && `account ${rule.external_account_number}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'every request';
}

/** What a rule does, in words. */
function doesText(rule: FaultRule): string {
  const latency = rule.latency;
  const wait =
    latency &&
    (latency.distribution === 'fixed'
      ? `wait ${latency.ms} ms`
      : latency.distribution === 'uniform'
        ? `wait ${latency.min_ms}-${latency.max_ms} ms`
        : `wait ~${latency.median_ms} ms (lognormal)`);
  const parts = [
    wait,
    rule.status !== undefined &&
      `answer ${rule.status}${rule.retry_after_seconds !== undefined ? ` (Retry-After ${rule.retry_after_seconds})` : ''}`,
    rule.connection && `${rule.connection.replace('_', ' ')}`,
    rule.after_change && 'after the change',
  ].filter(Boolean);
  return parts.join(', ');
}

/** When a rule fires, in words. */
function whenText(rule: FaultRule): string {
  const parts = [
    rule.times !== undefined && `next ${rule.times}`,
    rule.share !== undefined && `${Math.round(rule.share * 1000) / 10}%`,
    (rule.from || rule.until) && `${rule.from ?? '…'} to ${rule.until ?? '…'}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'always';
}

/** The section and its refresh, which the page calls on each poll and after each action. */
export function faultsSection({ act }: FaultsSectionOptions) {
  const summary = h('p', { id: 'fault-plan-summary' });
  const rules = h('div', { id: 'fault-rules' });
  const switches = h('div', { id: 'fault-profiles', class: 'row' });
  let shown = '';
  let profilesShown = false;

  const clear = h(
    'button',
    { type: 'button', class: 'secondary', id: 'fault-clear' },
    'Clear the fault plan',
  );
  clear.addEventListener('click', () =>
    act('Clear the fault plan', () => control('DELETE', 'faults')),
  );

  const element = h(
    'section',
    { id: 'faults', 'aria-labelledby': 'faults-title' },
    h('h2', { id: 'faults-title' }, 'Injected faults'),
    h(
      'p',
      { class: 'muted' },
      'Faults, latency and lost answers the mock injects into the interface (never into the control API). A named profile is seeded: the same requests meet the same faults in the same order.',
    ),
    summary,
    rules,
    h('h3', {}, 'Named profiles'),
    switches,
  );

  function renderProfiles(profiles: FaultProfile[]) {
    const items: Child[] = profiles.map((profile) => {
      const button = h(
        'button',
        { type: 'button', 'data-key': `profile-${profile.name}`, title: profile.description },
        `Load ${profile.name}`,
      );
      button.addEventListener('click', () =>
        act(`Load fault profile ${profile.name}`, () =>
          control('PUT', 'faults/profile', { name: profile.name }),
        ),
      );
      return h(
        'div',
        { class: 'fault-profile' },
        button,
        h('p', { class: 'muted' }, profile.description),
      );
    });
    replace(switches, items, clear);
  }

  function renderPlan(plan: FaultPlanState) {
    const json = JSON.stringify(plan);
    if (json === shown) return;
    shown = json;
    summary.textContent =
      plan.rules.length === 0
        ? 'No fault is injected.'
        : `In force: ${plan.name ?? 'a plan of its own'} (seed ${plan.seed}, ${plan.rules.length} rule${plan.rules.length === 1 ? '' : 's'}).`;
    replace(
      rules,
      plan.rules.length === 0
        ? null
        : table(
            'Fault rules in force',
            ['Rule', 'Matches', 'Does', 'When', 'Injected', 'Remaining'],
            plan.rules.map((r) => [
              r.id,
              matchesText(r.rule),
              doesText(r.rule),
              whenText(r.rule),
              String(r.injected),
              r.remaining === null ? '—' : String(r.remaining),
            ]),
          ),
    );
  }

  async function refresh() {
    if (!profilesShown) {
      const profiles = await control<{ profiles: FaultProfile[] }>('GET', 'faults/profiles');
      if (profiles.status === 200) {
        renderProfiles(profiles.body.profiles);
        profilesShown = true;
      }
    }
    const plan = await control<FaultPlanState>('GET', 'faults');
    if (plan.status === 200) renderPlan(plan.body);
  }

  return { element, refresh };
}
