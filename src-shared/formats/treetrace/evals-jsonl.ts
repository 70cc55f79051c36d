/**
 * Reads `.treetrace/evals.jsonl`: one eval candidate object per line. The file may be empty;
 * blank lines are skipped; a line that is not a JSON object is reported with its line number and
 * the rest still load. A bad last line without its newline is called what it most likely is: a
 * line still being written.
 */
import { describeJsonValue, isObject, type JsonObject } from './json-text';

export interface EvalLine {
  line: number;
  value: JsonObject;
}

export interface EvalLineProblem {
  line: number;
  message: string;
}

export function parseEvalsJsonl(text: string): { evals: EvalLine[]; problems: EvalLineProblem[] } {
  const evals: EvalLine[] = [];
  const problems: EvalLineProblem[] = [];
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = body.split('\n');
  const endsWithNewline = body.endsWith('\n');
  lines.forEach((raw, i) => {
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (content.trim() === '') return;
    const line = i + 1;
    const isLast = i === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      problems.push({
        line,
        message:
          isLast && !endsWithNewline
            ? `line ${line} is not complete JSON (the last line, without its newline: a write in progress or a crash)`
            : `line ${line} is not valid JSON: ${(error as Error).message}`,
      });
      return;
    }
    if (!isObject(value)) {
      problems.push({ line, message: `line ${line} is ${describeJsonValue(value)}, not an eval object` });
      return;
    }
    evals.push({ line, value });
  });
  return { evals, problems };
}
