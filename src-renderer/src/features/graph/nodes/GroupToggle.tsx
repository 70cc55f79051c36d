/** The end of a group node's last line: "k of n shown" when expanded, and Expand / Collapse. */
import { useAppStore } from '../../../state/store';

export function GroupToggle({
  id,
  expanded,
  shown,
  total,
}: {
  id: string;
  expanded: boolean;
  shown: number;
  total: number;
}) {
  const toggle = useAppStore((s) => s.toggleGroup);
  return (
    <>
      {expanded && shown < total && (
        <span className="it">
          {shown} of {total} shown
        </span>
      )}
      <span className="spacer" />
      <button
        type="button"
        className="link-button nodrag nopan"
        data-testid="group-toggle"
        onClick={(e) => {
          // The click toggles the group; it does not select the node under it.
          e.stopPropagation();
          toggle(id);
        }}
      >
        {expanded ? 'Collapse' : 'Expand'}
      </button>
    </>
  );
}
