/**
 * A set of TreeTrace bundles (TreeTrace's `--each`: one bundle per session, listed by index.json;
 * or an archive of several bundles): one row per member with its per-session counts, each
 * opening the member's own document. Members that are missing, leave the set or cannot be read
 * are rows with the reason, not gaps.
 */
import type { TreeTraceSetOverview } from '../../../../src-shared/bridge/services/treetrace-service';
import { useDocuments } from '../documents/documents-store';

const COLUMNS: [label: string, title: string][] = [
  ['Nodes', 'prompt nodes in tree.json'],
  ['Abandoned', 'nodes with status abandoned'],
  ['Chains', 'correction chains'],
  ['Rejections', 'rejection entries on nodes'],
  ['Lessons', 'lessons'],
  ['Evals', 'eval candidates'],
  ['Halluc.', 'hallucinations'],
  ['Cycles', 'parent cycles (broken to draw the tree)'],
];

export function SetOverview({ label, set }: { label: string; set: TreeTraceSetOverview }) {
  const select = useDocuments((s) => s.select);
  const known = useDocuments((s) => s.docs);
  const readable = set.members.filter((m) => m.stats);
  const total = (pick: (s: NonNullable<(typeof readable)[number]['stats']>) => number) =>
    readable.reduce((n, m) => n + pick(m.stats!), 0);
  const failed = set.members.length - readable.length;
  const broken = readable.filter((m) => m.stats!.errors > 0).length;
  return (
    <div className="tt-view tt-set" data-testid="tt-set-overview">
      <header className="tt-header">
        <div className="tt-heading">
          <strong data-testid="tt-label">{label}</strong>
          <span className="text-muted">
            TreeTrace set · {set.members.length} bundle{set.members.length === 1 ? '' : 's'} ·{' '}
            {total((s) => s.nodes)} nodes · {total((s) => s.correctionChains)} chains
          </span>
          {failed > 0 && (
            <span className="mark mark-missing" data-testid="tt-set-failed">
              {failed} not readable
            </span>
          )}
          {broken > 0 && (
            <span className="mark mark-missing" data-testid="tt-set-broken">
              {broken} with errors
            </span>
          )}
        </div>
      </header>
      <div className="tt-set-source text-muted">
        {set.indexPath ? (
          <>
            Listed by <code>{set.indexPath}</code>
          </>
        ) : (
          <>
            <code>{set.path}</code>
          </>
        )}
        {set.note && <span className="tt-set-note"> — {set.note}</span>}
      </div>
      <div className="tt-set-body">
        <table className="tt-set-table">
          <thead>
            <tr>
              <th>Session</th>
              <th>Bundle</th>
              {COLUMNS.map(([name, title]) => (
                <th key={name} title={title} className="num">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {set.members.map((m) => {
              const s = m.stats;
              const listed = Boolean(known[m.key]);
              return (
                <tr
                  key={m.key}
                  data-testid="tt-set-member"
                  data-key={m.key}
                  data-error={m.error ? 'true' : undefined}
                  className={m.error ? 'is-error' : undefined}
                >
                  <td>
                    <button
                      type="button"
                      className="tt-link"
                      data-testid="tt-set-member-link"
                      disabled={!listed}
                      title={listed ? `Open ${m.label}` : 'Not listed yet: wait for the documents list'}
                      onClick={() => select(m.key)}
                    >
                      {m.label}
                    </button>
                    <div className="tt-set-dir text-muted">{m.dir || '.'}</div>
                  </td>
                  {m.error || !s ? (
                    <td
                      colSpan={COLUMNS.length + 1}
                      className="tt-set-error"
                      data-testid="tt-set-member-error"
                    >
                      ✗ {m.error ?? 'not readable'}
                    </td>
                  ) : (
                    <>
                      <td>
                        <div>
                          {s.project ?? '—'}{' '}
                          <span className="text-muted">
                            schema {s.schemaVersion ?? '?'}
                            {s.generatorVersion ? ` · ${s.generatorVersion}` : ''}
                          </span>
                        </div>
                        <div className="text-muted tt-set-sessions">
                          {s.sessions.join(', ') || 'no session'}
                          {s.generatedAt ? ` · ${s.generatedAt}` : ''}
                        </div>
                        {(s.errors > 0 || s.generationMismatch) && (
                          <div>
                            {s.errors > 0 && (
                              <span className="mark mark-missing">
                                {s.errors} error{s.errors > 1 ? 's' : ''}
                              </span>
                            )}{' '}
                            {s.generationMismatch && <span className="mark mark-stale">mixed runs</span>}
                          </div>
                        )}
                        {s.firstError && (
                          <div className="tt-set-error" data-testid="tt-set-member-problem">
                            ✗ {s.firstError}
                          </div>
                        )}
                      </td>
                      <td className="num" data-stat="nodes">
                        {s.nodes}
                      </td>
                      <td className="num">{s.abandoned}</td>
                      <td className="num" data-stat="chains">
                        {s.correctionChains}
                      </td>
                      <td className="num">{s.rejections}</td>
                      <td className="num">{s.lessons}</td>
                      <td className="num">{s.evalCandidates}</td>
                      <td className="num">{s.hallucinations}</td>
                      <td className={`num${s.cycles ? ' tt-set-warn' : ''}`}>{s.cycles}</td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Above a member's view: the set it belongs to, one click away. */
export function SetCrumb({ setKey }: { setKey: string }) {
  const select = useDocuments((s) => s.select);
  const set = useDocuments((s) => s.docs[setKey]);
  if (!set) return null;
  return (
    <div className="tt-set-crumb">
      <button type="button" className="tt-link" data-testid="tt-set-crumb" onClick={() => select(setKey)}>
        ‹ {set.label}
      </button>
      <span className="text-muted"> set of per-session bundles</span>
    </div>
  );
}
