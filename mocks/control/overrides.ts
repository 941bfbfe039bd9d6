/**
 * The `mock-overrides` tag of the control API (decision 025): stubs that answer one route and
 * request shape instead of the mock, with a priority and an expiry, and verify, the journal's
 * count and list of the requests of a shape. The overrides live beside the state, so setting them
 * changes no account; the edge never applies them to the control API itself.
 */
import {
  addOverride as addToBook,
  findOverride,
  type Override,
  overrideViews,
  removeOverride as removeFromBook,
} from '../domain/overrides.ts';
import { reply as json, outcome } from '../operations/types.ts';
import { findRequests as find, verifyRequests } from './overrides-verify.ts';
import type { ControlOperation } from './types.ts';
import { journalView } from './views.ts';

/** `listOverrides`: the overrides in force, in the order they are tried. */
export const listOverrides: ControlOperation<'listOverrides'> = (_request, { service }) =>
  json(200, { overrides: overrideViews(service.overrides, service.clockMs()) });

/** `addOverride`: one more stub; a refused one changes nothing. */
export const addOverride: ControlOperation<'addOverride'> = ({ body }, { service }) =>
  outcome(addToBook(service.overrides, body as Override, service.clockMs()), 201);

/** `clearOverrides`: no stub answers any more. */
export const clearOverrides: ControlOperation<'clearOverrides'> = (_request, { service }) => {
  service.overrides.items = [];
  return json(200, { detail: 'No override is in force.' });
};

/** `getOverride`: one override in force, with how often it answered. */
export const getOverride: ControlOperation<'getOverride'> = ({ params }, { service }) =>
  outcome(findOverride(service.overrides, params.id, service.clockMs()), 200);

/** `removeOverride`: the stub answers no more. */
export const removeOverride: ControlOperation<'removeOverride'> = ({ params }, { service }) =>
  outcome(removeFromBook(service.overrides, params.id), 200, ({ id }) => ({
    detail: `The override ${id} is removed.`,
  }));

/** `countRequests`: how many journalled requests of a shape since an instant (WireMock's verify). */
export const countRequests: ControlOperation<'countRequests'> = ({ body }, { service }) => {
  const { count, complete } = verifyRequests(service, body);
  return json(200, { count, complete });
};

/** `findRequests`: the journalled requests of a shape, redacted as the journal is. */
export const findRequests: ControlOperation<'findRequests'> = ({ body }, { service }) => {
  const found = find(service, body);
  return json(200, { ...found, requests: found.requests.map(journalView) });
};
