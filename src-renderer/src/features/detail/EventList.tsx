/** The events a node is made of, each openable to its full JSON. */
import { useMemo } from 'react';
import type { TimelineEntry } from '../../../../src-shared/bridge/contract';
import { selectSelectedEventId, selectTimeline } from '../../state/selectors';
import { useAppStore } from '../../state/store';
import { EventCard } from './EventCard';

/** Small nodes open every event at once; bigger ones let the reader pick. */
const OPEN_ALL_UP_TO = 2;
const MAX_CARDS = 200;

export function EventList(props: {
  sessionKey: string;
  eventIds: readonly string[];
  revision: number;
  showCorrections?: boolean;
}) {
  const timeline = useAppStore(selectTimeline);
  const selectedEventId = useAppStore(selectSelectedEventId);
  const ids = props.eventIds.slice(0, MAX_CARDS);
  const entries = useMemo(() => {
    const map = new Map<string, TimelineEntry>();
    for (const id of ids) {
      const i = timeline ? timeline.indexOf(id) : -1;
      if (i >= 0) map.set(id, timeline!.entry(i));
    }
    return map;
    // `ids` is derived from props.eventIds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeline, props.eventIds]);

  return (
    <section className="detail-section">
      <h3>
        Events <span className="faint">{props.eventIds.length}</span>
      </h3>
      {ids.map((id) => (
        <EventCard
          // Remount on (un)highlight so a card picked in the timeline opens.
          key={`${id}:${id === selectedEventId ? 'h' : ''}`}
          sessionKey={props.sessionKey}
          eventId={id}
          entry={entries.get(id)}
          revision={props.revision}
          defaultOpen={props.eventIds.length <= OPEN_ALL_UP_TO}
          highlighted={id === selectedEventId}
          showCorrections={props.showCorrections ?? true}
        />
      ))}
      {props.eventIds.length > ids.length && (
        <div className="faint">
          …and {props.eventIds.length - ids.length} more; pick them in the timeline.
        </div>
      )}
    </section>
  );
}
