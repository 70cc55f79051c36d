/** What corrections changed: per field, the value before and after, with the reason given. */
import type { NodeCorrection } from '../../../../src-shared/lineage/types';

type Correction = Pick<NodeCorrection, 'correctionId' | 'reason' | 'fields' | 'before' | 'after'>;

const show = (v: unknown) =>
  v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v, null, 1);

/** A "before" the caller does not hold (a node's corrections are made from what memory keeps of an event). */
const NOT_HELD = 'not kept in memory: see the event below';

export function CorrectionList({
  corrections,
  beforeHeld = () => true,
}: {
  corrections: readonly Correction[];
  /** Whether `before` holds a field's value; when not, the row says where to read it. */
  beforeHeld?: (field: string) => boolean;
}) {
  if (corrections.length === 0) return null;
  return (
    <div className="corrections" data-testid="corrections">
      {corrections.map((c) => (
        <div key={c.correctionId} className="correction">
          <div className="correction-head">
            <span className="mark mark-corrected">correction</span>
            <span className="mono faint" title={c.correctionId}>
              {c.correctionId.slice(0, 8)}
            </span>
            {c.reason && <span className="correction-reason">“{c.reason}”</span>}
          </div>
          <table className="kv-table correction-table">
            <thead>
              <tr>
                <th>field</th>
                <th>before</th>
                <th>after</th>
              </tr>
            </thead>
            <tbody>
              {c.fields.map((f) => (
                <tr key={f}>
                  <td className="mono">{f}</td>
                  <td>
                    {beforeHeld(f) ? (
                      <del className="diff-del correction-value">{show(c.before[f])}</del>
                    ) : (
                      <span className="faint correction-value" data-testid="correction-before-not-held">
                        {NOT_HELD}
                      </span>
                    )}
                  </td>
                  <td>
                    <ins className="diff-add correction-value">{show(c.after[f])}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
