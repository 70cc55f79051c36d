/** Tiny presentational pieces used across views: chips, status dots, progress bars, kbd. */
import type { ReactNode } from 'react';
import type { VerdictCounts } from '../../../src-shared/bridge/contract';
import { percent } from './format';

export type Tone = 'neutral' | 'accent' | 'verified' | 'refuted' | 'insufficient' | 'warning' | 'muted';

export function Chip(props: { tone?: Tone; title?: string; children: ReactNode; mono?: boolean }) {
  const cls = `chip chip-${props.tone ?? 'neutral'}${props.mono ? ' mono' : ''}`;
  return (
    <span className={cls} title={props.title}>
      {props.children}
    </span>
  );
}

const VERDICT_ORDER = [
  ['verified', '✓'],
  ['refuted', '✗'],
  ['insufficient', '?'],
  ['warning', '!'],
] as const;

/** Only non-zero verdicts, in a fixed order, each in its colour. */
export function VerdictChips({ counts }: { counts: VerdictCounts }) {
  return (
    <>
      {VERDICT_ORDER.filter(([k]) => counts[k] > 0).map(([k, glyph]) => (
        <Chip key={k} tone={k} title={`${counts[k]} ${k}`}>
          {glyph} {counts[k]}
        </Chip>
      ))}
    </>
  );
}

export function StatusDot(props: { state: 'live' | 'idle' | 'loading' | 'error'; title?: string }) {
  return <span className={`status-dot status-${props.state}`} title={props.title ?? props.state} />;
}

export function ProgressBar(props: { value: number; total: number; label?: string }) {
  const p = percent(props.value, props.total);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(p)}
      aria-label={props.label}
    >
      <div className="progress-fill" style={{ transform: `scaleX(${p / 100})` }} />
    </div>
  );
}

/**
 * Text clipped at its start, so a path keeps its file name. The marks around it keep the
 * right-to-left trick from moving a leading "/" to the end.
 */
export function EllipsisStart({ text, className }: { text: string; className?: string }) {
  return (
    <span className={`ellipsis-start${className ? ` ${className}` : ''}`} title={text}>
      {`\u200e${text}\u200e`}
    </span>
  );
}

export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="kbd">{children}</kbd>;
}

export function EmptyState(props: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <div className="empty-title">{props.title}</div>
      {props.children && <div className="empty-body">{props.children}</div>}
    </div>
  );
}
