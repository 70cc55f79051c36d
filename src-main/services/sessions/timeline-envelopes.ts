/**
 * What a session's timeline rows need of each event's body — its time and actor — kept by event
 * (its ordinal in the log) when it is applied, so that encoding a delta or a snapshot reads no
 * body: a log may have let the body go (SessionLog.dropBody), and reading it back from the file
 * for each of a million rows would make every snapshot seconds slower.
 */
import type { EventView } from '../../../src-shared/formats/sciagent/session-log';
import { str } from '../../../src-shared/formats/sciagent/types';

export class TimelineEnvelopes {
  /** `ts` as milliseconds since the epoch by ordinal; NaN when missing or unreadable. */
  private times = new Float64Array(1024);
  /** `actor` by ordinal (interned strings: the log's records are). */
  private readonly actors: (string | null)[] = [];

  /** Records (again, for a corrected event) what the event's current body says. */
  note(view: EventView): void {
    const at = view.event.ordinal;
    if (at >= this.times.length) {
      const grown = new Float64Array(Math.max(at + 1, this.times.length * 2));
      grown.set(this.times);
      this.times = grown;
    }
    const { body } = view;
    const ts = str(body['ts']);
    this.times[at] = ts === null ? NaN : Date.parse(ts);
    while (this.actors.length < at) this.actors.push(null);
    this.actors[at] = str(body['actor']);
  }

  /** The event's time, or null when its `ts` is missing or unreadable. */
  timeOf(view: EventView): number | null {
    const t = this.times[view.event.ordinal];
    return t === undefined || Number.isNaN(t) ? null : t;
  }

  actorOf(view: EventView): string | null {
    return this.actors[view.event.ordinal] ?? null;
  }
}
