/**
 * A read-only JSON tree: objects fold, long strings clip with "show all", truncation stubs render
 * as such. Depth beyond `openDepth` starts folded so a large body opens fast.
 */
import { useState } from 'react';
import { isTruncationStub } from './truncation';
import { TruncatedValue } from './TruncatedValue';

const CLIP = 400;

export function JsonView({ value, openDepth = 2 }: { value: unknown; openDepth?: number }) {
  return (
    <div className="json-view">
      <JsonValue value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}

function JsonValue({ value, depth, openDepth }: { value: unknown; depth: number; openDepth: number }) {
  if (value === null) return <span className="json-null">null</span>;
  if (typeof value === 'boolean') return <span className="json-bool">{String(value)}</span>;
  if (typeof value === 'number') return <span className="json-num">{value}</span>;
  if (typeof value === 'string') return <JsonString text={value} />;
  if (isTruncationStub(value)) return <TruncatedValue stub={value} />;
  if (Array.isArray(value) || typeof value === 'object')
    return <JsonContainer value={value as object} depth={depth} openDepth={openDepth} />;
  return <span>{String(value)}</span>;
}

function JsonString({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  if (text.length <= CLIP || all) return <span className="json-str">{JSON.stringify(text)}</span>;
  return (
    <span className="json-str">
      {JSON.stringify(text.slice(0, CLIP)).slice(0, -1)}…&quot;{' '}
      <button type="button" className="link-button" onClick={() => setAll(true)}>
        show all {text.length.toLocaleString()} chars
      </button>
    </span>
  );
}

function JsonContainer({ value, depth, openDepth }: { value: object; depth: number; openDepth: number }) {
  const isArray = Array.isArray(value);
  const entries = isArray
    ? (value as unknown[]).map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  const [open, setOpen] = useState(depth < openDepth);
  const [o, c] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return <span className="json-punct">{o + c}</span>;
  if (!open)
    return (
      <button type="button" className="json-fold" onClick={() => setOpen(true)}>
        {o} {entries.length} {isArray ? 'items' : 'keys'} {c}
      </button>
    );
  return (
    <span>
      <button type="button" className="json-fold" onClick={() => setOpen(false)} aria-label="Fold">
        {o}
      </button>
      <div className="json-entries">
        {entries.map(([k, v]) => (
          <div key={k} className="json-entry">
            {!isArray && <span className="json-key">{JSON.stringify(k)}</span>}
            {!isArray && <span className="json-punct">: </span>}
            <JsonValue value={v} depth={depth + 1} openDepth={openDepth} />
          </div>
        ))}
      </div>
      <span className="json-punct">{c}</span>
    </span>
  );
}
