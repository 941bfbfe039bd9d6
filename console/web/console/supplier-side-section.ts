/**
 * "Act as a supplier (the interface)": obtains a token with an API key (AUTH-1) and validates or
 * stages an account as a supplier would, showing the last interface call and its answer.
 */
import type { ConsoleContext } from './context.ts';
import { field, h, section, select } from './dom.ts';
import { renderOptions } from './render.ts';
import { stagedAccount } from './requests.ts';

/** The account number staging starts with when the spec's example names none. */
const DEFAULT_EXTERNAL = 'EXTERNAL-1234';

/** The supplier's side and how it shows what the mock read. */
export interface SupplierSideSection {
  element: HTMLElement;
  /** Offers the supplier codes to stage under. */
  renderSupplierCodes(codes: string[]): void;
  /** Starts the staging form from an example account of the spec. */
  setExample(account: Record<string, unknown>): void;
}

/** Builds the supplier's side. */
export function supplierSideSection(ctx: ConsoleContext): SupplierSideSection {
  const { supplier } = ctx.state;
  const apiKey = h('input', { type: 'text', value: supplier.apiKey, autocomplete: 'off' });
  const tokenState = h('output', { id: 'token-state' }, 'no token yet');
  supplier.onToken = (said) => {
    tokenState.textContent = said;
  };
  apiKey.addEventListener('change', () => {
    supplier.apiKey = apiKey.value;
  });
  const stage = stageForm(ctx);
  const element = section(
    'supplier-side',
    'Act as a supplier (the interface)',
    h(
      'p',
      { class: 'muted' },
      'Calls the interface as a supplier would, with a token of this API key (obtained again when the clock makes it expire).',
    ),
    h(
      'div',
      { class: 'row' },
      field('API key', apiKey, 'api-key'),
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: async () => {
            supplier.apiKey = apiKey.value;
            const answer = await supplier.obtainToken();
            ctx.showCall('ObtainToken', answer);
            ctx.report('Obtain a token', answer);
          },
        },
        'Get a new token',
      ),
      h('span', {}, 'Token: ', tokenState),
    ),
    stage.element,
    h('h3', {}, 'Last interface call'),
    ctx.lastCall,
  );
  return {
    element,
    renderSupplierCodes: (codes) =>
      renderOptions(ctx.state, 'stage-supplier', stage.supplier, codes),
    setExample(account) {
      stage.payload.value = JSON.stringify(account, null, 2);
      stage.external.value = String(account.external_account_number ?? DEFAULT_EXTERNAL);
    },
  };
}

function stageForm(ctx: ConsoleContext) {
  const supplier = select([]);
  const external = h('input', { type: 'text', required: true, maxlength: '128' });
  const payload = h('textarea', { rows: '12', spellcheck: 'false' });
  payload.id = 'stage-payload';
  /** The account to send, or nothing (and a message) when the payload is not JSON. */
  const account = () => {
    try {
      return stagedAccount(payload.value, supplier.value, external.value);
    } catch (error) {
      ctx.say(`The payload is not JSON: ${(error as Error).message}`, true);
      return undefined;
    }
  };
  const element = h(
    'form',
    {
      class: 'panel',
      'aria-labelledby': 'stage-title',
      onsubmit: (event: SubmitEvent) => {
        event.preventDefault();
        const body = account();
        if (!body) return;
        const validate = (event.submitter as HTMLButtonElement | null)?.value === 'validate';
        return validate
          ? ctx.supplierAct(
              'Validate the account',
              'POST',
              '/v1/data-import/validate-account/',
              body,
            )
          : ctx.supplierAct(
              `Stage ${body.external_account_number}`,
              'POST',
              '/v1/data-import/account-import-process/create-or-update/',
              body,
            );
      },
    },
    h('h3', { id: 'stage-title' }, 'Stage an account'),
    h(
      'div',
      { class: 'row' },
      field('Supplier', supplier, 'stage-supplier'),
      field('External account number', external, 'stage-external'),
    ),
    h('label', { for: 'stage-payload' }, 'Account payload (JSON; supplier and number above win)'),
    payload,
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'submit', value: 'validate', class: 'secondary' }, 'Validate'),
      h('button', { type: 'submit', value: 'stage' }, 'Stage the account'),
    ),
  );
  return { element, supplier, external, payload };
}
