/** The raw bytes of a skipped line, with its line number, exactly as they sit in the file. */
import type { ProblemEntry } from '../../../../src-shared/bridge/contract';
import { formatBytes, formatCount } from '../../shared/format';
import { EmptyState } from '../../shared/ui';
import { useRawLine } from './use-raw-line';

export function RawLineView({ sessionKey, problem }: { sessionKey: string; problem: ProblemEntry | null }) {
  const { line, error } = useRawLine(sessionKey, problem);
  if (!problem)
    return <EmptyState title="Pick a skipped line">Its raw text is read back from the file.</EmptyState>;
  return (
    <div className="raw-line" data-testid="raw-line" data-line={problem.lineNo}>
      <div className="raw-line-head">
        <span>line {formatCount(problem.lineNo)}</span>
        <span className="faint">
          · byte {formatCount(problem.byteOffset)} · {formatBytes(problem.byteLength)}
        </span>
        <span className="spacer" />
        <span className={`badge tone-${problem.type === 'parse-error' ? 'refuted' : 'warning'}`}>
          {problem.type}
        </span>
      </div>
      <div className="raw-line-message">{problem.message}</div>
      {error && <div className="text-refuted">Could not read the line: {error}</div>}
      {!line && !error && <div className="faint">Reading…</div>}
      {line && (
        <pre className="raw-line-text">
          <span className="raw-line-no">{line.lineNo || problem.lineNo}</span>
          <code>{line.text === '' ? '(empty line)' : line.text}</code>
        </pre>
      )}
      {line?.clipped && <div className="faint">The line is longer; only its start is shown.</div>}
    </div>
  );
}
