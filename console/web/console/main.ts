/**
 * The mock's console: its whole state, live (polled through the control API), and every
 * operator action, plus the supplier's side of the interface, so that a person can walk from
 * staging an account to a COMPLETED transfer without curl. It uses only the control API, the
 * interface and the bundled spec documents the reference pages serve.
 *
 * This entry point builds the page's state (state.ts, its only mutable state) and its sections,
 * one module each, and wires the read of the mock to them.
 */
import { accountsSection } from './accounts-section.ts';
import { catalogueSection } from './catalogue-section.ts';
import { type ConsoleContext, createContext } from './context.ts';
import { h, replace } from './dom.ts';
import { faultsSection } from './faults-section.ts';
import { journalSection } from './journal-section.ts';
import { outboxSection } from './outbox-section.ts';
import { overridesSection } from './overrides-section.ts';
import { liveText, POLL_MS, readMock } from './polling.ts';
import { operationIds, type SpecDocument } from './requests.ts';
import { createConsoleState } from './state.ts';
import { stateSection } from './state-section.ts';
import { supplierSideSection } from './supplier-side-section.ts';
import { suppliersSection } from './suppliers-section.ts';
import { v2TasksSection } from './v2-tasks-section.ts';

/** The console's sections, in the order of the page. */
type Sections = ReturnType<typeof buildSections>;

function buildSections(ctx: ConsoleContext) {
  return {
    state: stateSection(ctx),
    suppliers: suppliersSection(ctx),
    supplierSide: supplierSideSection(ctx),
    accounts: accountsSection(ctx),
    journal: journalSection(ctx),
    outbox: outboxSection(ctx),
    catalogue: catalogueSection(ctx),
    // The fault plan in force and the named profiles' switches (decision 024).
    faults: faultsSection(ctx),
    overrides: overridesSection(ctx),
    // The platform's V2 import tasks and the operator's actions on them (decision 028).
    v2Tasks: v2TasksSection(ctx),
  };
}

/** Reads the mock and renders what changed; a failed read says the page is disconnected. */
async function readAndShow(sections: Sections, live: HTMLElement) {
  try {
    const reading = await readMock(sections.accounts.filter(), sections.journal.filter());
    sections.state.renderClock(reading.clock);
    const codes = reading.suppliers.map((s) => s.code);
    sections.suppliers.renderSuppliers(reading.suppliers);
    sections.supplierSide.renderSupplierCodes(codes);
    sections.accounts.renderSupplierCodes(codes);
    sections.suppliers.renderTeams(reading.teams);
    sections.accounts.panel.renderTeams(reading.teams);
    sections.suppliers.renderSkipMarks(reading.marks);
    sections.suppliers.renderFaults(reading.faults);
    sections.state.renderProcessing(reading.processing);
    sections.accounts.renderAccounts(reading.accounts);
    sections.journal.renderJournal(reading.journal);
    sections.outbox.renderOutbox(reading.outbox);
    sections.catalogue.renderCatalogue(reading.catalogue);
    await sections.faults.refresh();
    await sections.overrides.read();
    await sections.v2Tasks.read();
    await sections.accounts.panel.refresh();
    live.textContent = liveText(new Date().toLocaleTimeString());
  } catch (error) {
    live.textContent = `Disconnected from the mock: ${(error as Error).message}`;
  }
}

/** The page's header, navigation, status line and sections. */
function layout(sections: Sections, message: HTMLElement, live: HTMLElement) {
  return [
    h('header', { class: 'console-header' }, h('h1', {}, 'Data-Import mock console'), live),
    h(
      'nav',
      { class: 'console-nav', 'aria-label': 'Console sections' },
      h('a', { href: '#state' }, 'Clock and state'),
      h('a', { href: '#suppliers' }, 'Suppliers'),
      h('a', { href: '#supplier-side' }, 'Act as a supplier'),
      h('a', { href: '#accounts' }, 'Accounts'),
      h('a', { href: '#journal' }, 'Journal'),
      h('a', { href: '#outbox' }, 'Outbox'),
      h('a', { href: '#catalogue' }, 'Platform catalogue'),
      h('a', { href: '#faults' }, 'Injected faults'),
      h('a', { href: '#overrides' }, 'Overrides'),
      h('a', { href: '#v2-tasks' }, 'V2 tasks'),
    ),
    message,
    ...Object.values(sections).map((s) => s.element),
  ];
}

async function start() {
  const main = document.getElementById('main')!;
  const state = createConsoleState();
  const ctx = createContext(state, () => readAndShow(sections, ctx.live));
  const sections: Sections = buildSections(ctx);
  const [openapi, controlDoc] = (await Promise.all(
    ['/docs/openapi.json', '/docs/control.json'].map((url) => fetch(url).then((r) => r.json())),
  )) as [SpecDocument, SpecDocument];
  state.setExamples(openapi.components.examples);
  const account = state.example('DomesticAccount') ?? {};
  sections.supplierSide.setExample(structuredClone(account) as Record<string, unknown>);
  // The journal names the operation of every request, the interface's and the control API's.
  sections.journal.setOperations(operationIds([openapi, controlDoc]));
  replace(main, layout(sections, ctx.message, ctx.live));
  await ctx.refresh();
  main.setAttribute('aria-busy', 'false');
  main.dataset.ready = 'true';
  setInterval(() => {
    if (!document.hidden) void ctx.refresh();
  }, POLL_MS);
}

void start();
