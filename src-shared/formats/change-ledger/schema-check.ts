/**
 * Checks a ChangeEvent or Snapshot manifest against the spec's JSON Schemas with ajv (draft
 * 2020-12, every error, `date-time` from ajv-formats). The validators are compiled once, on first
 * use. ajv compiles to code with `new Function`, so this runs in main and in workers, not in a
 * renderer under a strict CSP (which is where DESIGN.md puts parsing anyway).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CHANGE_EVENT_SCHEMA, SNAPSHOT_SCHEMA } from './schemas';

export interface SchemaIssue {
  /** JSON pointer of the value at fault (`/author/kind`), `''` for the object itself. */
  pointer: string;
  keyword: string;
  /** The property a `required` error names, else null. */
  missingProperty: string | null;
  message: string;
}

let validators: { event: ValidateFunction; snapshot: ValidateFunction } | null = null;

function compiled() {
  if (!validators) {
    // strict: false — the spec's schemas are used as written (a `$id` without a base, `$schema`).
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv, ['date-time']);
    validators = { event: ajv.compile(CHANGE_EVENT_SCHEMA), snapshot: ajv.compile(SNAPSHOT_SCHEMA) };
  }
  return validators;
}

export function checkChangeEventSchema(value: unknown): SchemaIssue[] {
  return run(compiled().event, value);
}

export function checkSnapshotSchema(value: unknown): SchemaIssue[] {
  return run(compiled().snapshot, value);
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
