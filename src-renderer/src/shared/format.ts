/** Small display formatters shared by every view (numbers, bytes, times, durations). */

const numberFormat = new Intl.NumberFormat('en-US');

export const formatCount = (n: number) => numberFormat.format(n);

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${Math.round(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${m % 60}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined) return '—';
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function parseTs(ts: string | null | undefined): number | null {
  if (!ts) return null;
  const t = Date.parse(ts);
  return Number.isNaN(t) ? null : t;
}

const dateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const timeOnly = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function formatDateTime(ts: string | null | undefined): string {
  const t = parseTs(ts);
  return t === null ? '—' : dateTime.format(t);
}

export function formatClock(ts: string | null | undefined): string {
  const t = parseTs(ts);
  return t === null ? '—' : timeOnly.format(t);
}

/** "3m ago", "2h ago", "Jun 8" — for list rows where the exact time is in the tooltip. */
export function formatAgo(ts: string | null | undefined, now = Date.now()): string {
  const t = parseTs(ts);
  if (t === null) return '—';
  const s = Math.max(0, (now - t) / 1000);
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)}m ago`;
  if (s < 86400) return `${Math.round(s / 3600)}h ago`;
  if (s < 86400 * 7) return `${Math.round(s / 86400)}d ago`;
  return formatDateTime(ts);
}

/** "anthropic/claude-sonnet-4-6" → "claude-sonnet-4-6": the provider is noise in a narrow row. */
export function shortModel(model: string): string {
  return model.slice(model.lastIndexOf('/') + 1);
}

export function percent(part: number, whole: number): number {
  if (whole <= 0) return 100;
  return Math.min(100, Math.max(0, (part / whole) * 100));
}
