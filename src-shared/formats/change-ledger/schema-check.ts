/**
 * Checks a ChangeEvent or Snapshot manifest against the spec's JSON Schemas (draft 2020-12, every
 * error, `date-time` asserted) with ajv's standalone validators, generated from schemas.ts at
 * development time and committed (schema-validators.test.ts regenerates them and fails on any
 * difference). No ajv at run time: serve and the desktop app start without loading it (~100
 * files, ~45 ms) and nothing is compiled with `new Function`.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { validateChangeEvent, validateSnapshot } from './schema-validators.generated.js';

export interface SchemaIssue {
  /** JSON pointer of the value at fault (`/author/kind`), `''` for the object itself. */
  pointer: string;
  keyword: string;
  /** The property a `required` error names, else null. */
  missingProperty: string | null;
  message: string;
}

export function checkChangeEventSchema(value: unknown): SchemaIssue[] {
  return run(validateChangeEvent, value);
}

export function checkSnapshotSchema(value: unknown): SchemaIssue[] {
  return run(validateSnapshot, value);
}

function run(validate: ValidateFunction, value: unknown): SchemaIssue[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map(toIssue);
}

function toIssue(error: ErrorObject): SchemaIssue {
  const params = error.params as { missingProperty?: string; allowedValues?: unknown[] };
  const missingProperty = error.keyword === 'required' ? (params.missingProperty ?? null) : null;
  const where = error.instancePath === '' ? '' : `${error.instancePath} `;
  let message: string;
  if (missingProperty !== null) message = `${where}is missing required field "${missingProperty}"`.trim();
  else if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    message = `${where}must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  else message = `${where}${error.message ?? 'is not valid'}`;
  return {
    pointer: missingProperty !== null ? `${error.instancePath}/${missingProperty}` : error.instancePath,
    keyword: error.keyword,
    missingProperty,
    message,
  };
}
