/**
 * The open account: its transfer status as the interface tells it, processing (PRC-1, PRC-5),
 * registration flows (REG-8), data attached to it (NOTE-8) and what the mock holds about it. Each
 * action is enabled only in the state the interface accepts it in, and the hint says why the
 * others are off (PRC-8, REG-8, NOTE-8).
 */

import { type AccountReading, accountDataView } from './account-data.ts';
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { type Child, field, h, replace, select } from './dom.ts';
import { transferStatusText } from './formats.ts';
import { render } from './render.ts';
import {
  type AccountRef,
  type AccountStage,
  ATTACH,
  accountStage,
  attachText,
  controlAccountPath,
  interfaceAccountPath,
  processRequest,
  STAGE_HINTS,
} from './requests.ts';
import type { AccountNoteView, AccountRecord, MeterPointRegistrationView } from './views.ts';

/** The account panel: where it is shown and how it follows the mock. */
export interface AccountPanel {
  /** Where the open account is shown. */
  element: HTMLElement;
  /** Opens an account: shows its panel and reads it. */
  open(account: AccountRef): void;
  /** Offers the operations teams to process under (PRC-3). */
  renderTeams(teams: string[]): void;
  /** Reads the open account again and shows what changed (the last step of every read). */
  refresh(): Promise<void>;
}

/** The parts of the panel that outlive one opening: the person's picks stay as they were. */
interface Parts {
  processTeam: HTMLSelectElement;
  dryRun: HTMLInputElement;
  attachKind: HTMLSelectElement;
  attachBody: HTMLTextAreaElement;
  transferStatus: HTMLOutputElement;
  hint: HTMLParagraphElement;
  data: HTMLDivElement;
}

/** Builds the account panel, empty until an account is opened. */
export function accountPanel(ctx: ConsoleContext): AccountPanel {
  const element = h('div', { id: 'account-detail' });
  const parts = panelParts();
  const { state } = ctx;
  const fillAttachBody = () => {
    const account = state.selected();
    const example = state.example(ATTACH[parts.attachKind.value]!.example);
    if (!account || !example) return;
    parts.attachBody.value = attachText(example, account);
  };
  parts.attachKind.addEventListener('change', fillAttachBody);
  const checkTransferStatus = async () => {
    const account = state.selected();
    if (!account) return;
    const answer = await state.supplier.call<{ status?: string; detail?: string }>(
      'GET',
      interfaceAccountPath('/v1/data-import/account-transfer-status', account),
    );
    ctx.showCall('GET account-transfer-status', answer);
    parts.transferStatus.textContent = transferStatusText(answer);
  };
  return {
    element,
    open(account) {
      state.select(account);
      parts.transferStatus.textContent = 'checking…';
      replace(element, panel(ctx, account, parts, checkTransferStatus));
      fillAttachBody();
      void ctx.refresh().then(checkTransferStatus);
      document.getElementById('account-title')?.focus();
    },
    renderTeams(teams) {
      render(state, 'process-teams', parts.processTeam, teams, () =>
        teams.map((t) => h('option', { value: t }, t)),
      );
    },
    refresh: () => refreshAccount(ctx, element, parts, checkTransferStatus),
  };
}

function panelParts(): Parts {
  const attachBody = h('textarea', { rows: '8', spellcheck: 'false' });
  attachBody.id = 'attach-body';
  return {
    processTeam: select([]),
    dryRun: h('input', { type: 'checkbox' }),
    attachKind: select(
      Object.entries(ATTACH).map(([value, kind]): [string, string] => [value, kind.title]),
    ),
    attachBody,
    transferStatus: h('output', { id: 'transfer-status' }, 'not checked yet'),
    hint: h('p', { id: 'account-actions-hint', class: 'muted' }),
    data: h('div', { id: 'account-data' }),
  };
}

function panel(
  ctx: ConsoleContext,
  account: AccountRef,
  parts: Parts,
  checkTransferStatus: () => Promise<void>,
): Child {
  return h(
    'div',
    { class: 'panel' },
    h(
      'h3',
      { id: 'account-title', tabindex: '-1' },
      `Account ${account.external} of ${account.code}`,
    ),
    parts.hint,
    h(
      'p',
      {},
      'Transfer status (interface): ',
      parts.transferStatus,
      ' ',
      h(
        'button',
        { type: 'button', class: 'secondary', onclick: checkTransferStatus },
        'Check the transfer status',
      ),
    ),
    processForm(ctx, account, parts, checkTransferStatus),
    attachForm(ctx, parts),
    parts.data,
  );
}

function processForm(
  ctx: ConsoleContext,
  account: AccountRef,
  parts: Parts,
  checkTransferStatus: () => Promise<void>,
) {
  return h(
    'form',
    {
      class: 'row',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const dryRun = parts.dryRun.checked;
        return ctx
          .supplierAct(
            dryRun ? 'Dry run' : 'Process the account',
            'POST',
            '/v1/data-import/account-import-process/process/',
            processRequest(account, parts.processTeam.value, dryRun),
          )
          .then(checkTransferStatus);
      },
    },
    field('Operations team', parts.processTeam, 'process-team'),
    field('Dry run', parts.dryRun, 'process-dry-run'),
    h('button', { type: 'submit', 'data-needs': 'staged', disabled: true }, 'Process the account'),
    h(
      'button',
      {
        type: 'button',
        'data-needs': 'imported',
        disabled: true,
        onclick: () =>
          ctx
            .supplierAct(
              'Send registration flows',
              'POST',
              interfaceAccountPath('/v1/data-import/send-registration-flows', account),
            )
            .then(checkTransferStatus),
      },
      'Send registration flows',
    ),
  );
}

function attachForm(ctx: ConsoleContext, parts: Parts) {
  return h(
    'form',
    {
      'aria-labelledby': 'attach-title',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const kind = ATTACH[parts.attachKind.value]!;
        let body: unknown;
        try {
          body = JSON.parse(parts.attachBody.value);
        } catch (error) {
          ctx.say(`The body is not JSON: ${(error as Error).message}`);
          return;
        }
        return ctx.supplierAct(kind.title, 'POST', kind.path, body);
      },
    },
    h('h4', { id: 'attach-title' }, 'Attach data (the spec\u2019s example for this account)'),
    h('div', { class: 'row' }, field('What to attach', parts.attachKind, 'attach-kind')),
    h('label', { for: 'attach-body' }, 'Request body (JSON)'),
    parts.attachBody,
    h('button', { type: 'submit', 'data-needs': 'imported', disabled: true }, 'Send'),
  );
}

/** Enables each of the account's actions only in the stage the interface accepts it in. */
function enableActions(element: HTMLElement, parts: Parts, stage: AccountStage) {
  for (const button of element.querySelectorAll<HTMLButtonElement>('[data-needs]')) {
    button.disabled = button.dataset.needs !== stage;
  }
  parts.hint.textContent = STAGE_HINTS[stage];
}

async function refreshAccount(
  ctx: ConsoleContext,
  element: HTMLElement,
  parts: Parts,
  checkTransferStatus: () => Promise<void>,
) {
  const { state } = ctx;
  const account = state.selected();
  if (!account) return;
  const path = controlAccountPath(account);
  const record = await control<AccountRecord>('GET', path);
  enableActions(element, parts, accountStage(record.status, record.body));
  if (record.status !== 200) {
    render(state, 'account-data', parts.data, record.body, () =>
      h(
        'p',
        { class: 'muted' },
        'The mock holds no record of this account (only a skip mark, or it was reset).',
      ),
    );
    return;
  }
  const imported = record.body.status === 'imported';
  const [notes, meterPoints] = imported
    ? await Promise.all([
        control<AccountNoteView[]>('GET', `${path}/notes`),
        control<MeterPointRegistrationView[]>('GET', `${path}/meter-points`),
      ])
    : [undefined, undefined];
  const points = meterPoints?.status === 200 ? meterPoints.body : [];
  // A registration that moved may have moved the transfer: its status is read again.
  if (state.meterPointsMoved(JSON.stringify(points.map((p) => p.status))))
    void checkTransferStatus();
  const reading: AccountReading = {
    account,
    record: record.body,
    notes: notes?.status === 200 ? notes.body : undefined,
    points,
  };
  render(state, 'account-data', parts.data, [record.body, notes?.body, points], () =>
    accountDataView(ctx, reading, checkTransferStatus),
  );
}
