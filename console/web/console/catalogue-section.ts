/**
 * "Platform catalogue" (GEN-6, decision 015): one section, or one entry of a list section, edited
 * as JSON and saved alone (patchPlatformCatalogue); the whole document downloaded and uploaded as
 * a file (getPlatformCatalogue, putPlatformCatalogue) or the configured one restored
 * (resetPlatformCatalogue). The person's edit wins over polling until they save, restore or pick
 * another part.
 */
import { control } from './api.ts';
import {
  type Catalogue,
  catalogueSummary,
  editedPart,
  entryName,
  keptEntry,
  sectionLabel,
  sectionWithPart,
  WHOLE_SECTION,
} from './catalogue.ts';
import type { ConsoleContext } from './context.ts';
import { field, h, replace, section } from './dom.ts';
import { render } from './render.ts';

/** The catalogue section and how it shows what the mock read. */
export interface CatalogueSection {
  element: HTMLElement;
  renderCatalogue(catalogue: Catalogue): void;
}

interface Parts {
  sectionPick: HTMLSelectElement;
  entryPick: HTMLSelectElement;
  text: HTMLTextAreaElement;
  summary: HTMLParagraphElement;
  upload: HTMLInputElement;
}

/** Builds the catalogue section. */
export function catalogueSection(ctx: ConsoleContext): CatalogueSection {
  const { state } = ctx;
  const parts: Parts = {
    sectionPick: h('select', {}),
    entryPick: h('select', {}),
    text: h('textarea', { rows: '12', spellcheck: 'false' }),
    summary: h('p', { id: 'catalogue-summary', class: 'muted' }),
    upload: h('input', { type: 'file', accept: 'application/json,.json' }),
  };
  parts.text.addEventListener('input', () => state.setCatalogueEdited(true));
  parts.sectionPick.addEventListener('change', () => {
    parts.entryPick.value = WHOLE_SECTION;
    state.setCatalogueEdited(false);
    renderEntryPick(ctx, parts);
    showEditedPart(ctx, parts);
  });
  parts.entryPick.addEventListener('change', () => {
    state.setCatalogueEdited(false);
    showEditedPart(ctx, parts);
  });
  parts.upload.addEventListener('change', () => void uploadCatalogue(ctx, parts.upload));
  return {
    element: layout(ctx, parts),
    renderCatalogue(next) {
      state.setCatalogue(next);
      render(state, 'catalogue', parts.summary, next, () => {
        const picked = parts.sectionPick.value;
        replace(
          parts.sectionPick,
          Object.entries(next).map(([name, value]) =>
            h('option', { value: name }, sectionLabel(name, value)),
          ),
        );
        if (picked in next) parts.sectionPick.value = picked;
        renderEntryPick(ctx, parts);
        return catalogueSummary(next);
      });
      if (!state.catalogueEdited() && document.activeElement !== parts.text)
        showEditedPart(ctx, parts);
    },
  };
}

function layout(ctx: ConsoleContext, parts: Parts): HTMLElement {
  return section(
    'catalogue',
    'Platform catalogue',
    h(
      'p',
      { class: 'muted' },
      "The platform's own data its validators check payloads against: products and tariffs, campaigns, market participants, ledger codes, PSR codes and the deployment's switches. Pick a section (and, in a list, one entry), edit its JSON and save it; a change that does not match the catalogue's schema is refused and changes nothing. The whole document is downloaded and uploaded as a file.",
    ),
    parts.summary,
    h(
      'div',
      { class: 'row' },
      h('div', {}, field('Catalogue section', parts.sectionPick, 'catalogue-section')),
      h('div', {}, field('Entry', parts.entryPick, 'catalogue-entry')),
    ),
    field('Catalogue section (JSON)', parts.text, 'catalogue-json'),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'button', onclick: () => saveSection(ctx, parts) }, 'Save the section'),
      h(
        'button',
        { type: 'button', class: 'secondary', onclick: () => restoreCatalogue(ctx) },
        'Restore the configured catalogue',
      ),
    ),
    h(
      'div',
      { class: 'row' },
      h(
        'a',
        {
          href: '/__mock/catalogue',
          download: 'platform-catalogue.json',
          class: 'button secondary',
        },
        'Download the whole catalogue',
      ),
      h('div', {}, field('Upload a whole catalogue (JSON file)', parts.upload, 'catalogue-upload')),
    ),
  );
}

/** Fills the entry picker for the section picked (off for a section that is not a list). */
function renderEntryPick(ctx: ConsoleContext, parts: Parts) {
  const value = ctx.state.catalogue()[parts.sectionPick.value];
  const list = Array.isArray(value) ? value : [];
  const picked = parts.entryPick.value;
  replace(
    parts.entryPick,
    h('option', { value: WHOLE_SECTION }, `The whole section (${list.length} entries)`),
    list.map((entry, i) => h('option', { value: String(i) }, entryName(entry, i))),
  );
  parts.entryPick.value = keptEntry(picked, list.length);
  parts.entryPick.disabled = !Array.isArray(value);
}

function showEditedPart(ctx: ConsoleContext, parts: Parts) {
  const part = editedPart(ctx.state.catalogue(), parts.sectionPick.value, parts.entryPick.value);
  const text = JSON.stringify(part, null, 2) ?? '';
  if (parts.text.value !== text) parts.text.value = text;
}

/** A body that is not JSON, refused in the page as the mock would refuse it. */
function notJson(error: unknown) {
  return { status: 400, body: { detail: `not JSON: ${(error as Error).message}` } };
}

async function saveSection(ctx: ConsoleContext, parts: Parts) {
  const name = parts.sectionPick.value;
  const what = `Save the catalogue's ${name}`;
  let part: unknown;
  try {
    part = JSON.parse(parts.text.value);
  } catch (error) {
    ctx.report(what, notJson(error));
    return;
  }
  const value = sectionWithPart(ctx.state.catalogue(), name, parts.entryPick.value, part);
  const answer = await ctx.act(what, () => control('PATCH', 'catalogue', { [name]: value }));
  if (answer.status < 400) ctx.state.setCatalogueEdited(false);
}

async function uploadCatalogue(ctx: ConsoleContext, upload: HTMLInputElement) {
  const file = upload.files?.[0];
  if (!file) return;
  const what = `Upload the catalogue ${file.name}`;
  let body: unknown;
  try {
    body = JSON.parse(await file.text());
  } catch (error) {
    ctx.report(what, notJson(error));
    return;
  } finally {
    // The same file may be picked again after a fix.
    upload.value = '';
  }
  ctx.state.setCatalogueEdited(false);
  await ctx.act(what, () => control('PUT', 'catalogue', body));
}

async function restoreCatalogue(ctx: ConsoleContext) {
  ctx.state.setCatalogueEdited(false);
  await ctx.act('Restore the configured platform catalogue', () => control('DELETE', 'catalogue'));
}
