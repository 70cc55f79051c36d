/** A button into a child session when the list has it, else a plain "missing" mark. */
import { openSession } from '../../../state/host-sync';
import { useAppStore } from '../../../state/store';

export function ChildLink({ childSessionId }: { childSessionId: string }) {
  const key = useAppStore((s) => s.sessions.find((i) => i.sessionId === childSessionId)?.key ?? null);
  if (!key)
    return (
      <span
        className="mark mark-missing"
        title={`Child session ${childSessionId} is not in the session list`}
      >
        child missing
      </span>
    );
  return (
    <button
      type="button"
      className="link-button nodrag nopan"
      data-testid="child-session-link"
      title={`Open child session ${childSessionId}`}
      onClick={(e) => {
        e.stopPropagation();
        void openSession(key);
      }}
    >
      open child ↗
    </button>
  );
}
