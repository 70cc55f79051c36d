/**
 * Reads each JSON file of a bundle into an object (or a reason it is not one), recording its status,
 * schema version and `project.generatedAt` — the run it came from — for the generation check.
 */
import { describeJsonValue, isObject, parseJsonText, str, type JsonObject } from './json-text';
import type { BundleFileStatus, BundleProblem, FileText } from './types';

export interface ReadJsonFile {
  status: BundleFileStatus;
  /** The top-level object, when the file is one. */
  object: JsonObject | null;
  /** The top-level value when it parsed but is not an object (kept for messages). */
  parsed: unknown;
}

export function readJsonFile(
  name: string,
  file: FileText | undefined,
  problems: BundleProblem[],
  missingSeverity: 'error' | null,
): ReadJsonFile {
  const status: BundleFileStatus = {
    name,
    status: 'missing',
    bytes: null,
    generatedAt: null,
    schemaVersion: null,
  };
  if (!file || file.status === 'missing') {
    if (missingSeverity)
      problems.push({
        severity: missingSeverity,
        code: 'missing-file',
        file: name,
        message: `${name} is missing: there is no prompt lineage to show`,
      });
    return { status, object: null, parsed: undefined };
  }
  if (file.status === 'error') {
    problems.push({
      severity: 'error',
      code: 'unreadable-file',
      file: name,
      message: `${name} cannot be read: ${file.message}`,
    });
    return { status: { ...status, status: 'error' }, object: null, parsed: undefined };
  }
  status.bytes = file.bytes;
  const parsed = parseJsonText(file.text);
  if (!parsed.ok) {
    problems.push({
      severity: 'error',
      code: parsed.truncated ? 'truncated-json' : 'invalid-json',
      file: name,
      message: `${name}: ${parsed.message}`,
      ...(parsed.line !== null ? { line: parsed.line } : {}),
    });
    return { status: { ...status, status: 'invalid' }, object: null, parsed: undefined };
  }
  if (!isObject(parsed.value)) {
    problems.push({
      severity: 'error',
      code: 'not-an-object',
      file: name,
      message: `${name} holds ${describeJsonValue(parsed.value)}, not a JSON object: nothing in it can be read`,
    });
    return { status: { ...status, status: 'invalid' }, object: null, parsed: parsed.value };
  }
  const object = parsed.value;
  const project = isObject(object.project) ? object.project : null;
  status.status = 'ok';
  status.schemaVersion = str(object.schemaVersion);
  status.generatedAt = project ? str(project.generatedAt) : null;
  return { status, object, parsed: object };
}

/** `object[key]` when it is an array; a present non-array is reported (and read as absent). */
export function arrayField(
  object: JsonObject,
  key: string,
  file: string,
  problems: BundleProblem[],
): unknown[] | null {
  const value = object[key];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value;
  problems.push({
    severity: 'warning',
    code: 'bad-field',
    file,
    message: `${file}: "${key}" is ${describeJsonValue(value)}, not an array; it is ignored`,
  });
  return null;
}

/** Items of an array that are not objects are reported, one problem per array. */
export function objectItems(
  items: unknown[] | null,
  what: string,
  file: string,
  problems: BundleProblem[],
): { value: JsonObject; position: number }[] {
  if (!items) return [];
  const out: { value: JsonObject; position: number }[] = [];
  const bad: number[] = [];
  items.forEach((item, position) => {
    if (isObject(item)) out.push({ value: item, position });
    else bad.push(position);
  });
  if (bad.length)
    problems.push({
      severity: 'warning',
      code: 'invalid-item',
      file,
      message: `${file}: ${bad.length} ${what} ${bad.length === 1 ? 'is' : 'are'} not an object (position ${bad
        .slice(0, 5)
        .join(', ')}${bad.length > 5 ? ', …' : ''}) and ${bad.length === 1 ? 'is' : 'are'} skipped`,
    });
  return out;
}
