/** The node's neighbours in the lineage graph, each with the reason the edge exists. */
import { useMemo } from 'react';
import { selectEdges, selectNodes, selectStructure } from '../../state/selectors';
import { useAppStore } from '../../state/store';

export function Connections({ id }: { id: string }) {
  const edges = useAppStore(selectEdges);
  const nodes = useAppStore(selectNodes);
  // The edge map changes in place; `structure` says when edges came, went or changed.
  const structure = useAppStore(selectStructure);
  const links = useMemo(() => {
    const out: { dir: 'in' | 'out'; other: string; reasons: string[] }[] = [];
    for (const e of edges?.values() ?? []) {
      if (e.target === id) out.push({ dir: 'in', other: e.source, reasons: e.reasons });
      else if (e.source === id) out.push({ dir: 'out', other: e.target, reasons: e.reasons });
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the maps change in place
  }, [edges, id, structure]);
  if (links.length === 0) return null;
  const shown = links.slice(0, 50);
  return (
    <section className="detail-section">
      <h3>Connections</h3>
      <ul className="connections">
        {shown.map((l) => {
          const other = nodes?.get(l.other);
          return (
            <li key={`${l.dir}:${l.other}`}>
              <span className="faint">{l.dir === 'in' ? '←' : '→'}</span>
              <button
                type="button"
                className="link-button"
                onClick={() => useAppStore.getState().selectNode(l.other)}
              >
                <span className="faint">{other?.kind ?? 'node'}</span>{' '}
                <span className="mono">{other?.label ?? l.other}</span>
              </button>
              <span className="reason-chip mono">{l.reasons.join(' + ')}</span>
            </li>
          );
        })}
      </ul>
      {links.length > shown.length && <div className="faint">…and {links.length - shown.length} more</div>}
    </section>
  );
}
