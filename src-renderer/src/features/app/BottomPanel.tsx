/** The panel under the graph: the timeline, or tail health (with the count of skipped lines). */
import { selectBottomTab, selectHealth } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import type { BottomTab } from '../../state/ui-slice';
import { HealthPanel } from '../health/HealthPanel';
import { TimelinePanel } from '../timeline/TimelinePanel';
import { TabStrip } from '../../shared/TabStrip';

export function BottomPanel() {
  const tab = useAppStore(selectBottomTab);
  // The counts, not the health object: every live delta brings a new one.
  const skipped = useAppStore((s) => selectHealth(s)?.linesSkipped ?? 0);
  const notices = useAppStore((s) => selectHealth(s)?.notices.length ?? 0);
  const setTab = (t: BottomTab) => useAppStore.getState().setBottomTab(t);
  return (
    <section className="bottom-panel" aria-label="Timeline and tail health">
      <TabStrip<BottomTab>
        className="panel-bar tabs"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'timeline', label: 'Timeline', testId: 'tab-timeline' },
          {
            id: 'health',
            testId: 'tab-health',
            label: (
              <>
                Tail health
                {skipped > 0 && <span className="tab-count tone-refuted">{skipped}</span>}
                {notices > 0 && (
                  <span className="tab-count tone-warning">
                    {notices} notice{notices === 1 ? '' : 's'}
                  </span>
                )}
              </>
            ),
          },
        ]}
      />
      <div className="bottom-body">{tab === 'timeline' ? <TimelinePanel /> : <HealthPanel />}</div>
    </section>
  );
}
