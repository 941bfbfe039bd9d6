/**
 * Reading a `--format` list for the traffic commands (`check`, `proxy`, `replay`): each name must
 * be one the command writes; an unknown one is bad input, named with the choices.
 */
import { TrafficInputError } from './recording.ts';

/** The formats a comma-separated list names, each one of `known`'s keys. */
export function formatsOf(list: unknown, known: ReadonlyMap<string, unknown>): string[] {
  const formats = String(list)
    .split(',')
    .map((f) => f.trim());
  const unknown = formats.find((f) => !known.has(f));
  if (unknown !== undefined)
    throw new TrafficInputError(`unknown format "${unknown}" (${[...known.keys()].join(', ')})`);
  return formats;
}
