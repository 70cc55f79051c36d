/**
 * The header of the time column: clock times where activity resumes (lower line) and the length
 * of each compressed gap (upper line), each shown only where it has room.
 */
import { memo } from 'react';
import { formatClock, formatDuration } from '../../shared/format';
import { sameAxis, snap, snapSpan } from './pixels';
import type { Break, Segment, TimeScale } from './time-scale';

function spaced<T>(items: T[], x: (item: T) => number, minGap: number): T[] {
  const out: T[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last === undefined || x(item) - x(last) >= minGap) out.push(item);
  }
  return out;
}

/**
 * Drawn from snapped positions only, so a scale that `sameAxis` finds equal draws the same: a
 * live append rebuilds the scale, and the axis re-rendered for each appended line.
 */
export const TimeAxis = memo(
  function TimeAxis({ scale }: { scale: TimeScale }) {
    const clocks = spaced<Segment>(scale.segments, (s) => snap(s.x0), 56);
    const gapLabels = new Set(spaced<Break>(scale.breaks, (b) => snap(b.x0), 40));
    return (
      <div className="tl-axis">
        {clocks.map((s) => (
          <span key={s.start} className="tl-axis-label" style={{ left: snap(s.x0) }}>
            {formatClock(new Date(s.start).toISOString())}
          </span>
        ))}
        {scale.breaks.map((b, i) => {
          const { left, width } = snapSpan(b.x0, b.x1, 0);
          return (
            <span
              key={i}
              className="tl-axis-break"
              style={{ left, width }}
              title={`${formatDuration(b.gapMs)} idle (compressed)`}
            >
              {gapLabels.has(b) && <span className="tl-axis-gap">{formatDuration(b.gapMs)}</span>}
            </span>
          );
        })}
      </div>
    );
  },
  (a, b) => sameAxis(a.scale, b.scale),
);
