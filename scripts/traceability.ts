/**
 * Writes spec/TRACEABILITY.md (rule -> spec elements) and spec/ASSUMPTIONS.md (the kit's
 * decisions where the reference is silent) from the bundled spec (decision 001).
 */
import { writeFileSync } from 'node:fs';
import openapi from '../spec/dist/openapi.json' with { type: 'json' };
import { renderAssumptions, renderTraceability } from '../spec/traceability.ts';

const document = openapi as Record<string, unknown>;
writeFileSync(new URL('../spec/TRACEABILITY.md', import.meta.url), renderTraceability(document));
writeFileSync(new URL('../spec/ASSUMPTIONS.md', import.meta.url), renderAssumptions(document));
