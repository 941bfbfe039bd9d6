/**
 * The embedded default state `npm start` serves (README): one API key, three suppliers in the
 * three statuses of SUP-1, and one operations team. A configuration is the control spec's
 * `MockConfig`, in snake_case like the rest of the control API (decision 008).
 */
import type { controlComponents } from '../spec/index.ts';

/** The operator's configuration of a mock: what a config file (YAML or JSON) holds. */
export type MockConfig = controlComponents['schemas']['MockConfig'];

/** The demo API key of the default state; it is public by design, not a secret. */
export const DEMO_API_KEY = 'demo-api-key';

/** The default configuration. */
export const defaultConfig: MockConfig = {
  api_keys: [{ key: DEMO_API_KEY, organisation: 'Demo Energy' }],
  suppliers: [
    {
      code: 'DEMO_ENERGY',
      status: 'Ongoing',
      emails_on_migration: true,
      document_root: 'demo-energy/',
    },
    { code: 'DEMO_PAUSED', status: 'Paused', document_root: 'demo-paused/' },
    { code: 'DEMO_COMPLETE', status: 'Complete', document_root: 'demo-complete/' },
  ],
  operations_teams: ['MIGRATIONS'],
};
