import { describe, expect, it } from 'vitest';
import { isStepTraceFirstLine } from './detect';

describe('isStepTraceFirstLine', () => {
  it.each([
    ['{"trace_schema_version": 1, "fingerprint_algo": "sha256", "canonicalization_version": 1}', true],
    ['{"trace_schema_version": 7}', true],
    ['{"idx": 1, "kind": "step_started", "step_id": "s1"}', true],
    ['{"idx": 1, "kind": "claim_emitted", "trace_schema_version": 1}', true],
    ['{"schema_version": "2", "event_id": "a", "event_kind": "tool_call"}', false],
    ['{"idx": 1, "kind": "custom"}', false],
    ['{"idx": 1}', false],
    ['[1]', false],
    ['not json', false],
  ])('%s → %s', (line, expected) => {
    expect(isStepTraceFirstLine(line)).toBe(expected);
  });
});
