/**
 * An evidence file's text around its span, the span shaded and each citation of it marked.
 * Spans are byte offsets into the file: the text is re-encoded as UTF-8 to cut it, so a span is
 * exact whenever the file is valid UTF-8 (the service says when it was not).
 */
import { useMemo } from 'react';
import type { StepTraceEvidenceFile } from '../../../../src-shared/bridge/services/step-trace-service';
import type { Citation, Span } from './trace-model';

const CONTEXT_BYTES = 240;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface Segment {
  start: number;
  end: number;
  text: string;
  inEvidence: boolean;
  cites: Citation[];
}

export function EvidenceText({
  file,
  span,
  citations,
  activeCite,
}: {
  file: StepTraceEvidenceFile;
  span: Span | null;
  citations: Citation[];
  activeCite: string | null;
}) {
  const bytes = useMemo(() => encoder.encode(file.text ?? ''), [file.text]);
  const view = useMemo(() => segments(bytes, span, citations), [bytes, span, citations]);
  return (
    <div className="st-evidence-text" data-testid="evidence-text">
      {view.before > 0 && <span className="st-elided">… {view.before} bytes before …</span>}
      {view.parts.map((s) => {
        const cls = ['st-seg'];
        if (s.inEvidence) cls.push('st-seg-evidence');
        if (s.cites.length) {
          cls.push('st-seg-cited');
          if (s.cites.some((c) => citeKey(c) === activeCite)) cls.push('is-active');
          if (s.cites.some((c) => c.violations.length)) cls.push('is-broken');
          return (
            <mark
              key={s.start}
              className={cls.join(' ')}
              data-testid="cited-span"
              data-cite={s.cites.map(citeKey).join(' ')}
              title={s.cites.map((c) => `cited by the claim on line ${c.claimLine} (${c.field})`).join('\n')}
            >
              {s.text}
            </mark>
          );
        }
        return (
          <span key={s.start} className={cls.join(' ')}>
            {s.text}
          </span>
        );
      })}
      {view.after > 0 && <span className="st-elided">… {view.after} bytes after …</span>}
    </div>
  );
}

export function citeKey(c: Citation): string {
  return `${c.claimLine}:${c.field}`;
}

/** The cited bytes as text, or null when the span does not fit the file. */
export function snippetOf(file: StepTraceEvidenceFile | undefined, span: Span | null): string | null {
  if (!file || file.text === null || !span) return null;
  const bytes = encoder.encode(file.text);
  if (span.end > bytes.length) return null;
  return decoder.decode(bytes.subarray(span.start, span.end));
}

function segments(
  bytes: Uint8Array,
  span: Span | null,
  citations: Citation[],
): { parts: Segment[]; before: number; after: number } {
  const len = bytes.length;
  const clamp = (n: number) => Math.max(0, Math.min(len, n));
  const inFile = citations.filter((c) => c.span && c.span.end <= len);
  let from = 0;
  let to = len;
  if (span && span.end <= len && len > 4 * CONTEXT_BYTES) {
    const lo = Math.min(span.start, ...inFile.map((c) => c.span!.start));
    const hi = Math.max(span.end, ...inFile.map((c) => c.span!.end));
    from = clamp(lo - CONTEXT_BYTES);
    to = clamp(hi + CONTEXT_BYTES);
  }
  const cuts = new Set([from, to]);
  const evidence = span && span.end <= len ? span : null;
  if (evidence) [evidence.start, evidence.end].forEach((n) => cuts.add(clamp(n)));
  for (const c of inFile) [c.span!.start, c.span!.end].forEach((n) => cuts.add(clamp(n)));
  const points = [...cuts].filter((n) => n >= from && n <= to).sort((a, b) => a - b);
  const parts: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    if (start === end) continue;
    parts.push({
      start,
      end,
      text: decoder.decode(bytes.subarray(start, end)),
      inEvidence: evidence !== null && start >= evidence.start && end <= evidence.end,
      cites: inFile.filter((c) => start >= c.span!.start && end <= c.span!.end),
    });
  }
  return { parts, before: from, after: len - to };
}
