/** A link that selects another node of the graph (if it exists). */
import { useAppStore } from '../../state/store';

export function NodeLink({ id, label }: { id: string; label: string }) {
  const exists = useAppStore((s) => s.data?.nodes.has(id) ?? false);
  if (!exists) return <span className="mono">{label}</span>;
  return (
    <button type="button" className="link-button mono" onClick={() => useAppStore.getState().selectNode(id)}>
      {label}
    </button>
  );
}
