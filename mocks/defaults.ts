/**
 * The embedded default state `npm start` serves (issue 3, README): one API key, three suppliers
 * in the three statuses of SUP-1, and one operations team.
 */

/** The operator's configuration of a mock: what a config file (YAML or JSON) holds. */
export interface MockConfig {
  apiKeys: { key: string; organisation: string }[];
  suppliers: {
    code: string;
    status: 'Ongoing' | 'Paused' | 'Complete';
    emailsOnMigration?: boolean;
    documentRoot?: string;
  }[];
  operationsTeams: string[];
  tokenLifetimeSeconds?: number;
  refreshLifetimeSeconds?: number;
  concurrencyLimit?: number | null;
  processingTimeMs?: number;
}

/** The demo API key of the default state; it is public by design, not a secret. */
export const DEMO_API_KEY = 'demo-api-key';

/** The default configuration. */
export const defaultConfig: MockConfig = {
  apiKeys: [{ key: DEMO_API_KEY, organisation: 'Demo Energy' }],
  suppliers: [
    {
      code: 'DEMO_ENERGY',
      status: 'Ongoing',
      emailsOnMigration: true,
      documentRoot: 'demo-energy/',
    },
    { code: 'DEMO_PAUSED', status: 'Paused', documentRoot: 'demo-paused/' },
    { code: 'DEMO_COMPLETE', status: 'Complete', documentRoot: 'demo-complete/' },
  ],
  operationsTeams: ['MIGRATIONS'],
};
