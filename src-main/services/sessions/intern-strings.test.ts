// The interner only changes which copy of a string a record holds: every value must read the same.
import { describe, expect, it } from 'vitest';
import type { ClassifiedRecord } from '../../../src-shared/formats/sciagent/classify-line';
import { StringInterner } from './intern-strings';

const position = { lineNo: 1, byteOffset: 0, byteLength: 1 };
const event = (kind: string, body: Record<string, unknown>): ClassifiedRecord => ({
  type: 'event',
  position,
  eventId: `e-${Math.random()}`,
  kind,
  body: { event_kind: kind, ...body },
});
/** A fresh copy of a string (as JSON.parse makes one per field). */
const copy = (s: string) => JSON.parse(JSON.stringify(s)) as string;

describe('StringInterner', () => {
  it('keeps every value of calls, results and other events as it was', () => {
    const interner = new StringInterner();
    const records: ClassifiedRecord[] = [];
    // Calls, their results in another order, a result with no call, an id that is no string.
    for (let i = 0; i < 12_000; i++)
      records.push(
        event('tool_call', { tool_call_id: copy(`toolu_${i}_abcdefghijklmnop`), actor: copy('m') }),
      );
    for (let i = 11_999; i >= 0; i -= 3)
      records.push(
        event('tool_result', { tool_call_id: copy(`toolu_${i}_abcdefghijklmnop`), job_id: copy('j') }),
      );
    records.push(event('tool_result', { tool_call_id: copy('toolu_never_called_abcdefgh') }));
    records.push(event('artifact_produced', { tool_call_id: 42, image: copy('img') }));
    const expected = JSON.parse(JSON.stringify(records)) as unknown;
    interner.records(records);
    expect(JSON.parse(JSON.stringify(records))).toEqual(expected);
  });
});
