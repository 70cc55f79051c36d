/**
 * `command_original` beside `command_resolved`. When the original appears unchanged inside the
 * resolved command, what was added around it is marked; otherwise the differing middle of
 * each side is.
 */
import { diffMiddle, findWrapped } from './text-diff';

export function CommandDiff({ original, resolved }: { original: string; resolved: string }) {
  const wrapped = findWrapped(resolved, original);
  const same = original === resolved;
  return (
    <div className="command-diff" data-testid="command-diff">
      <div className="command-diff-row">
        <span className="command-diff-label">original</span>
        <code className="command-diff-code">
          {same || wrapped ? original : <Side which="a" original={original} resolved={resolved} />}
        </code>
      </div>
      <div className="command-diff-row">
        <span className="command-diff-label">resolved</span>
        <code className="command-diff-code">
          {same ? (
            resolved
          ) : wrapped ? (
            <>
              <mark className="diff-add">{wrapped.before}</mark>
              {wrapped.inner}
              <mark className="diff-add">{wrapped.after}</mark>
            </>
          ) : (
            <Side which="b" original={original} resolved={resolved} />
          )}
        </code>
      </div>
      {same && <div className="faint">resolved as written</div>}
    </div>
  );
}

function Side({ which, original, resolved }: { which: 'a' | 'b'; original: string; resolved: string }) {
  const d = diffMiddle(original, resolved);
  const middle = which === 'a' ? d.a : d.b;
  return (
    <>
      {d.prefix}
      {middle && <mark className={which === 'a' ? 'diff-del' : 'diff-add'}>{middle}</mark>}
      {d.suffix}
    </>
  );
}
