/**
 * The three sources a check rests on (the reference, the real platform's published document, the
 * kit's own assumptions) as the reports name them. The reference's rules are hard everywhere;
 * checks resting on the other two are hard against the kit's mock and soft findings, reported
 * apart by source, against any other target.
 */
import type { SoftSource, Source } from '../../spec/response-assumptions.ts';

export type { SoftSource, Source };

/** The annotation type of a soft finding of each source. */
export const SOFT_ANNOTATIONS: Record<SoftSource, string> = {
  platform: 'platform-fact',
  kit: 'kit-assumption',
};

/** The source of an annotation type, or undefined when it is not a soft finding. */
export function sourceOfAnnotation(type: string): SoftSource | undefined {
  return (Object.entries(SOFT_ANNOTATIONS) as [SoftSource, string][]).find(
    ([, t]) => t === type,
  )?.[0];
}

/** How the reports name each source. */
export const SOURCE_NAMES: Record<Source, string> = {
  reference: 'the interface reference (hard)',
  platform: 'the real platform’s published document',
  kit: 'the kit’s own assumptions',
};
