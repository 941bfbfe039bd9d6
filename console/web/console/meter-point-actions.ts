/**
 * The operator's controls of one meter point's registration: the outcome the industry gives it
 * (STS-7), now or some hours ahead, and a fault of its registration flow (REG-6).
 */
import { control } from './api.ts';
import type { ConsoleContext } from './context.ts';
import { type Child, field, h, select } from './dom.ts';
import { type AccountRef, flowFaultChange, meterPointPath, outcomeChange } from './requests.ts';
import type { MeterPointRegistrationView } from './views.ts';

/**
 * The forms of one meter point of the open account; `checkTransferStatus` reads the transfer
 * status again after an outcome, which may complete or reject the transfer.
 */
export function meterPointActions(
  ctx: ConsoleContext,
  account: AccountRef,
  mp: MeterPointRegistrationView,
  checkTransferStatus: () => Promise<void>,
): Child {
  const base = meterPointPath(account, mp.mpxn);
  return h(
    'div',
    {},
    outcomeForm(ctx, base, mp.mpxn, checkTransferStatus),
    faultForm(ctx, base, mp.mpxn),
  );
}

function outcomeForm(
  ctx: ConsoleContext,
  base: string,
  mpxn: string,
  checkTransferStatus: () => Promise<void>,
) {
  const outcome = select(
    [
      ['accepted', 'Accept'],
      ['rejected', 'Reject'],
      ['', 'No outcome'],
    ],
    { 'data-key': `outcome-${mpxn}` },
  );
  const after = h('input', {
    type: 'number',
    min: '0',
    step: 'any',
    value: '0',
    size: '5',
    'data-key': `after-${mpxn}`,
  });
  return h(
    'form',
    {
      class: 'row',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const change = outcomeChange(outcome.value, after.value);
        return ctx
          .act(`Outcome of ${mpxn}`, () => control('PUT', `${base}/outcome`, change))
          .then(checkTransferStatus);
      },
    },
    field(`Outcome for ${mpxn}`, outcome, `outcome-${mpxn}`),
    field(`Hours from now for ${mpxn}`, after, `after-${mpxn}`),
    h('button', { type: 'submit', 'data-key': `set-outcome-${mpxn}` }, 'Set outcome'),
  );
}

function faultForm(ctx: ConsoleContext, base: string, mpxn: string) {
  const fault = h('input', { type: 'text', size: '14', 'data-key': `fault-${mpxn}` });
  return h(
    'form',
    {
      class: 'row',
      onsubmit: (event: SubmitEvent) => {
        event.preventDefault();
        const clear = (event.submitter as HTMLButtonElement | null)?.value === 'clear';
        const change = flowFaultChange(clear, fault.value);
        return ctx.act(`Flow fault of ${mpxn}`, () => control('PUT', `${base}/flow-fault`, change));
      },
    },
    field(`Flow fault for ${mpxn}`, fault, `fault-${mpxn}`),
    h(
      'button',
      { type: 'submit', value: 'set', class: 'secondary', 'data-key': `set-fault-${mpxn}` },
      'Set fault',
    ),
    h(
      'button',
      { type: 'submit', value: 'clear', class: 'secondary', 'data-key': `clear-fault-${mpxn}` },
      'Clear fault',
    ),
  );
}
