/**
 * The header of the time column: clock times where activity resumes (lower line) and the length
 * of each compressed gap (upper line), each shown only where it has room.
 */
import { formatClock, formatDuration } from '../../shared/format';
import type { Break, Segment, TimeScale } from './time-scale';

function spaced<T>(items: T[], x: (item: T) => number, minGap: number): T[] {
  const out: T[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last === undefined || x(item) - x(last) >= minGap) out.push(item);
  }
  return out;
}

export function TimeAxis({ scale }: { scale: TimeScale }) {
  const clocks = spaced<Segment>(scale.segments, (s) => s.x0, 56);
  const gapLabels = new Set(spaced<Break>(scale.breaks, (b) => b.x0, 40));
  return (
    <div className="tl-axis">
      {clocks.map((s) => (
        <span key={s.x0} className="tl-axis-label" style={{ left: s.x0 }}>
          {formatClock(new Date(s.start).toISOString())}
        </span>
      ))}
      {scale.breaks.map((b) => (
        <span
          key={b.x0}
          className="tl-axis-break"
          style={{ left: b.x0, width: b.x1 - b.x0 }}
          title={`${formatDuration(b.gapMs)} idle (compressed)`}
        >
          {gapLabels.has(b) && <span className="tl-axis-gap">{formatDuration(b.gapMs)}</span>}
        </span>
      ))}
    </div>
  );
}
