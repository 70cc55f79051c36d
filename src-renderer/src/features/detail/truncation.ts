/** The writer's stand-in for a value it cut: `{_truncated, _original_size, _preview, _sha256}`. */
export interface TruncationStub {
  _truncated: true;
  _original_size?: number;
  _preview?: string;
  _sha256?: string;
}

export function isTruncationStub(value: unknown): value is TruncationStub {
  return (
    typeof value === 'object' && value !== null && (value as { _truncated?: unknown })._truncated === true
  );
}
