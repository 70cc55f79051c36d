/** What corrections changed: per field, the value before and after, with the reason given. */
import type { NodeCorrection } from '../../../../src-shared/lineage/types';

type Correction = Pick<NodeCorrection, 'correctionId' | 'reason' | 'fields' | 'before' | 'after'>;

const show = (v: unknown) =>
  v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v, null, 1);

export function CorrectionList({ corrections }: { corrections: readonly Correction[] }) {
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
                    <del className="diff-del correction-value">{show(c.before[f])}</del>
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
