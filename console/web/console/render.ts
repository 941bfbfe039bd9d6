/**
 * Rendering on polling: a part of the page is rebuilt only when its data changed, so that the
 * poll every few seconds never disturbs what the person is reading, typing or focusing.
 */
import { type Child, h, replace } from './dom.ts';
import type { ConsoleState } from './state.ts';

/** Renders a part only when its data changed since it was last shown. */
export function render(
  state: ConsoleState,
  part: string,
  container: Element,
  data: unknown,
  build: () => Child,
) {
  if (state.changed(part, data)) replace(container, build());
}

/**
 * Fills a select with the values (after an "All …" option when `all` names one), keeping the
 * value picked while it is still offered.
 */
export function renderOptions(
  state: ConsoleState,
  part: string,
  box: HTMLSelectElement,
  values: string[],
  all?: string,
) {
  const before = box.value;
  render(state, part, box, values, () => [
    ...(all ? [h('option', { value: '' }, all)] : []),
    ...values.map((v) => h('option', { value: v }, v)),
  ]);
  if (before && values.includes(before)) box.value = before;
}
