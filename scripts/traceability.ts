/** Writes spec/TRACEABILITY.md from the bundled spec and the rule catalogue (issue 2, section 4). */
import { writeFileSync } from 'node:fs';
import openapi from '../spec/dist/openapi.json' with { type: 'json' };
import { renderTraceability } from '../spec/traceability.ts';

writeFileSync(
  new URL('../spec/TRACEABILITY.md', import.meta.url),
  renderTraceability(openapi as Record<string, unknown>),
);
