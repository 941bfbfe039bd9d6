/**
 * "Overrides": the stubs in force (decision 025), in the order the mock tries them, each with
 * its shape, its answer and how often it answered, a button to delete each and one to delete them
 * all, and a box to add one as JSON. The section reads its list itself on every poll of the page.
 */
import type { controlComponents } from '../../../spec/index.ts';
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { field, h, section, table } from './dom.ts';
import { render } from './render.ts';

/** The overrides as listOverrides answers them (type-only: nothing of the spec is bundled). */
type OverrideList = controlComponents['schemas']['OverrideList'];
type OverrideState = OverrideList['overrides'][number];

/** The overrides section and its read of the mock. */
export interface OverridesSection {
  element: HTMLElement;
  /** Reads the overrides in force and shows them if they changed. */
  read(): Promise<void>;
}

/** The shape of an override in a few words: its route, then its other criteria as JSON. */
function shapeText(request: OverrideState['override']['request']): string {
  const { operation_id, method, path, ...rest } = request;
  const route = operation_id ?? ([method, path].filter(Boolean).join(' ') || 'every request');
  return Object.keys(rest).length === 0 ? route : `${route} ${JSON.stringify(rest)}`;
}

function overridesTable(ctx: ConsoleContext, list: OverrideState[]) {
  if (list.length === 0) return h('p', { class: 'muted' }, 'No override is in force.');
  return table(
    'Overrides in force, in the order they are tried',
    ['Id', 'Priority', 'Request', 'Answer', 'Used', 'Remaining', 'Until', ''],
    list.map((o) => [
      o.id,
      String(o.override.priority ?? 0),
      h('code', {}, shapeText(o.override.request)),
      `${o.override.response.status}${o.override.response.template ? ' (template)' : ''}`,
      String(o.used),
      o.remaining === null ? 'no limit' : String(o.remaining),
      o.override.until ?? '',
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          'data-key': `delete-override-${o.id}`,
          'aria-label': `Delete override ${o.id}`,
          onclick: () =>
            ctx.act(`Delete override ${o.id}`, () => control('DELETE', `overrides/${o.id}`)),
        },
        'Delete',
      ),
    ]),
  );
}

/** Builds the overrides section. */
export function overridesSection(ctx: ConsoleContext): OverridesSection {
  const list = h('div', { id: 'overrides-table' });
  const json = h('textarea', {
    rows: 4,
    spellcheck: 'false',
    placeholder:
      '{"request": {"operation_id": "validateAccount"}, "response": {"status": 503}, "times": 1}',
  });
  const element = section(
    'overrides',
    'Overrides',
    h(
      'p',
      { class: 'muted' },
      'Answers given instead of the mock for one route and request shape; nothing changes. Higher priority first, then the newest.',
    ),
    list,
    h(
      'div',
      { class: 'row' },
      field('New override (JSON)', json, 'override-json'),
      h(
        'button',
        {
          type: 'button',
          onclick: () => ctx.act('Add an override', () => control('POST', 'overrides', json.value)),
        },
        'Add the override',
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () => ctx.act('Delete every override', () => control('DELETE', 'overrides')),
        },
        'Delete every override',
      ),
    ),
  );
  return {
    element,
    async read() {
      const answer = await control<OverrideList>('GET', 'overrides');
      if (answer.status !== 200) throw new Error(`overrides: ${answer.status}`);
      render(ctx.state, 'overrides', list, answer.body.overrides, () =>
        overridesTable(ctx, answer.body.overrides),
      );
    },
  };
}
