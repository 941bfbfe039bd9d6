/**
 * The `mock-faults` tag of the control API (decision 024): the plan of faults the edge injects
 * into the interface's operations, replaced whole (a profile), cleared, or changed one rule at a
 * time. The plan lives beside the state, so setting it changes no account, and the edge never
 * injects a fault into the control API itself.
 */
import {
  addFaultRule as addToBook,
  createFaultBook,
  type FaultPlan,
  type FaultRule,
  faultPlanView,
  removeFaultRule as removeFromBook,
} from '../domain/faults.ts';
import { FAULT_PROFILES, faultProfileNames, findFaultProfile } from '../domain/faults-profiles.ts';
import { reply as json, outcome } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';

/** `getFaults`: the plan in force, each rule with its counters. */
export const getFaults: ControlOperation<'getFaults'> = (_request, { service }) =>
  json(200, faultPlanView(service.faults));

/** `setFaults`: a new plan; its counters and draws start again. A bad plan changes nothing. */
export const setFaults: ControlOperation<'setFaults'> = ({ body }, { service }) => {
  const book = createFaultBook(body as FaultPlan, (n) => service.env.randomBytes(n));
  if (!book.ok) return { error: book.error };
  service.faults = book.value;
  return json(200, faultPlanView(service.faults));
};

/** `clearFaults`: no rule any more; the seed stays, for the rules added next. */
export const clearFaults: ControlOperation<'clearFaults'> = (_request, { service }) => {
  service.faults.rules = [];
  service.faults.name = null;
  return json(200, faultPlanView(service.faults));
};

/** `addFaultRule`: one more rule, after the others. */
export const addFaultRule: ControlOperation<'addFaultRule'> = ({ body }, { service }) =>
  outcome(addToBook(service.faults, body as FaultRule), 201);

/** `removeFaultRule`: the rule fires no more. */
export const removeFaultRule: ControlOperation<'removeFaultRule'> = ({ params }, { service }) =>
  outcome(removeFromBook(service.faults, params.id), 200, ({ id }) => ({
    detail: `The fault rule ${id} is removed.`,
  }));

/** `listFaultProfiles`: the kit's named, seeded profiles and their plans. */
export const listFaultProfiles: ControlOperation<'listFaultProfiles'> = () =>
  json(200, { profiles: structuredClone(FAULT_PROFILES) });

/**
 * `setFaultProfile`: the named profile's plan, from its seed; an unknown name is refused with the
 * names to choose from and the plan in force stays.
 */
export const setFaultProfile: ControlOperation<'setFaultProfile'> = ({ body }, { service }) => {
  const { name } = body as { name: string };
  const profile = findFaultProfile(name);
  if (!profile) {
    return {
      error: {
        code: 'fault_profile_not_found',
        data: { name, choices: faultProfileNames().join(', ') },
      },
    };
  }
  const book = createFaultBook(profile, (n) => service.env.randomBytes(n));
  if (!book.ok) return { error: book.error };
  service.faults = book.value;
  return json(200, faultPlanView(service.faults));
};
