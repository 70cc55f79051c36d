/**
 * Recognises a step trace by its content, so `inspect FILE` can tell it from a sciagent log
 * (whose events say `event_kind`, never `kind`): the first non-blank line is a header with
 * `trace_schema_version` (and no `kind`), or an event whose `kind` is one of the six step kinds.
 */
import { isObject } from './fields';
import { isStepKind } from './types';

export function isStepTraceFirstLine(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isObject(value)) return false;
  if (!('kind' in value)) return 'trace_schema_version' in value;
  return isStepKind(value['kind']);
}
