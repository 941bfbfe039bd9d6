/** A small DOM builder for the console: elements from tag, attributes and children. */

/** What may stand as a child: nodes, text, nothing, or lists of these. */
export type Child = Node | string | number | null | undefined | false | Child[];

type Attributes = Record<string, unknown>;

const PROPERTIES = new Set(['value', 'checked', 'disabled', 'selected', 'hidden', 'open']);

function append(parent: Node, child: Child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child) append(parent, c);
  } else if (child instanceof Node) {
    parent.appendChild(child);
  } else {
    parent.appendChild(document.createTextNode(String(child)));
  }
}

/**
 * An element: `on…` attributes become event listeners, `value`, `checked` and the like are set
 * as properties, anything else as an attribute (skipped when null, undefined or false).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    } else if (PROPERTIES.has(name)) {
      (element as unknown as Record<string, unknown>)[name] = value;
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  // A <pre> scrolls (max-height): keyboard users must be able to reach it to scroll it.
  if (tag === 'pre' && !element.hasAttribute('tabindex')) element.tabIndex = 0;
  return element;
}

/**
 * Replaces an element's children, keeping the keyboard focus on the element with the same
 * `data-key` (or id) when the focused one is replaced by a fresh copy.
 */
export function replace(container: Element, ...children: Child[]) {
  const active = document.activeElement as HTMLElement | null;
  const key = active && container.contains(active) ? (active.dataset.key ?? active.id) : undefined;
  container.replaceChildren();
  append(container, children);
  if (key) {
    const again = container.querySelector<HTMLElement>(
      `[data-key="${CSS.escape(key)}"], #${CSS.escape(key)}`,
    );
    again?.focus();
  }
}

/** A labelled form control: the label names the control for screen readers. */
export function field(label: string, control: HTMLElement, id: string): HTMLElement[] {
  control.id = id;
  return [h('label', { for: id }, label), control];
}

/** A select of options (value and text). */
export function select(
  options: (string | [string, string])[],
  attributes: Attributes = {},
): HTMLSelectElement {
  return h(
    'select',
    attributes,
    options.map((o) => {
      const [value, text] = Array.isArray(o) ? o : [o, o];
      return h('option', { value }, text);
    }),
  );
}

/**
 * A table with a caption (for screen readers) and a header row. An empty heading (a column of
 * buttons) is named "Actions" for screen readers only: a header cell must have text.
 */
export function table(caption: string, headings: string[], rows: Child[][]): HTMLTableElement {
  return h(
    'table',
    {},
    h('caption', { class: 'visually-hidden' }, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headings.map((t) =>
          h(
            'th',
            { scope: 'col' },
            t === '' ? h('span', { class: 'visually-hidden' }, 'Actions') : t,
          ),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((cells) =>
        h(
          'tr',
          {},
          cells.map((c) => h('td', {}, c)),
        ),
      ),
    ),
  );
}

/** A section of the console, named for screen readers by its heading. */
export function section(id: string, title: string, ...children: Child[]): HTMLElement {
  return h(
    'section',
    { id, 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title),
    ...children,
  );
}
