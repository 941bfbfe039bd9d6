/**
 * The `platform-catalogue` tag of the control API: read, replace, amend and restore the platform's
 * own data that the mock's platform validators check payloads against (GEN-6, decision 015).
 */
import { defaultPlatformCatalogue } from '../../spec/index.ts';
import {
  patchPlatformCatalogue as patchInDomain,
  replacePlatformCatalogue,
} from '../domain/platform-catalogue.ts';
import { reply as json, outcome } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';

/** `getPlatformCatalogue`: the catalogue in use (GEN-6). */
export const getPlatformCatalogue: ControlOperation<'getPlatformCatalogue'> = (
  _request,
  { service },
) => json(200, service.state.platformCatalogue);

/** `putPlatformCatalogue`: replaces the whole catalogue (GEN-6). */
export const putPlatformCatalogue: ControlOperation<'putPlatformCatalogue'> = (
  { body },
  { service },
) => json(200, replacePlatformCatalogue(service.state, body));

/** `patchPlatformCatalogue`: replaces the sections named, checked as a whole (GEN-6). */
export const patchPlatformCatalogue: ControlOperation<'patchPlatformCatalogue'> = (
  { body },
  { service },
) => outcome(patchInDomain(service.state, body), 200);

/** `resetPlatformCatalogue`: back to the configuration's catalogue, or the kit's defaults (GEN-6). */
export const resetPlatformCatalogue: ControlOperation<'resetPlatformCatalogue'> = (
  _request,
  { service, config },
) =>
  json(
    200,
    replacePlatformCatalogue(
      service.state,
      structuredClone(config.platform_catalogue ?? defaultPlatformCatalogue),
    ),
  );
