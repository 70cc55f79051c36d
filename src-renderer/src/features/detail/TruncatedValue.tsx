/** A truncation stub shown as what it is: "truncated — N bytes, sha256 …" with its preview. */
import { formatCount } from '../../shared/format';
import type { TruncationStub } from './truncation';

export function TruncatedValue({ stub }: { stub: TruncationStub }) {
  const size =
    typeof stub._original_size === 'number' ? `${formatCount(stub._original_size)} bytes` : 'size unknown';
  const sha = typeof stub._sha256 === 'string' ? stub._sha256 : null;
  return (
    <span className="truncated" data-testid="truncated-value">
      <span className="truncated-head">
        truncated — {size}
        {sha && (
          <>
            , sha256 <span title={sha}>{sha.slice(0, 12)}…</span>
          </>
        )}
      </span>
      {typeof stub._preview === 'string' && stub._preview && (
        <span className="truncated-preview">{stub._preview}</span>
      )}
    </span>
  );
}
