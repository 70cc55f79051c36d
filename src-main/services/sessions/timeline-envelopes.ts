/**
 * What a session's timeline rows need of each event's body — its time and actor — kept by event
 * (its ordinal in the log) when it is applied, so that encoding a delta or a snapshot reads no
 * body: a log may have let the body go (SessionLog.dropBody), and reading it back from the file
 * for each of a million rows would make every snapshot seconds slower.
 */
import type { EventView } from '../../../src-shared/formats/sciagent/session-log';
import { PagedArray } from '../../../src-shared/formats/columns/paged-array';
import { StringCodes } from '../../../src-shared/formats/columns/string-codes';
import { str } from '../../../src-shared/formats/sciagent/types';

export class TimelineEnvelopes {
  /** `ts` as milliseconds since the epoch by ordinal; NaN when missing or unreadable. */
  private readonly times = new PagedArray(Float64Array);
  /** `actor` by ordinal, as a code (0: none): a few distinct actors over a million events. */
  private readonly actors = new PagedArray(Int32Array);
  private readonly actorCodes = new StringCodes();

  /** Records (again, for a corrected event) what the event's current body says. */
  note(view: EventView): void {
    const at = view.event.ordinal;
    const { body } = view;
    const ts = str(body['ts']);
    this.times.set(at, ts === null ? NaN : Date.parse(ts));
    this.actors.set(at, this.actorCodes.codeOf(str(body['actor'])));
  }

  /** The event's time, or null when its `ts` is missing or unreadable. */
  timeOf(view: EventView): number | null {
    const t = this.times.get(view.event.ordinal);
    return Number.isNaN(t) ? null : t;
  }

  actorOf(view: EventView): string | null {
    return this.actorCodes.stringOf(this.actors.get(view.event.ordinal));
  }
}
