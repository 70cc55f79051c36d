/** Step traces: the verdict, the violations, steps with calls, evidence and claims. */
import type { StepTraceReport } from '../../formats/step-trace/types';
import { strings, type ArgsValidator } from './validators';

/** One non-blank line of the trace as read for the view (the validator's line numbers). */
export interface StepTraceLine {
  /** 1-based physical line number (blank lines count), as in `Violation.line`. */
  line: number;
  /** The parsed JSON value, or null when the line is not valid JSON. */
  value: unknown;
  /** The line's text (cut to a few hundred characters) when it did not parse. */
  text: string | null;
}

/** An evidence file as the view shows it: UTF-8 text (lossy for other bytes), or why not. */
export interface StepTraceEvidenceFile {
  /** The normalised path inside the trace's folder. */
  path: string;
  status: 'ok' | 'missing' | 'escape' | 'too-large';
  /** The file's text when `ok`; byte offsets map onto its UTF-8 encoding. */
  text: string | null;
  byteLength: number | null;
  /** The bytes were not valid UTF-8: span highlighting is approximate. */
  lossy: boolean;
  reason: string | null;
}

export interface StepTraceDocument {
  key: string;
  report: StepTraceReport | null;
  error: string | null;
  /** The trace's lines, in file order (up to `lineLimit`). */
  lines: StepTraceLine[];
  /** More lines than the view is sent: the rest are counted, not shown. */
  truncatedLines: number;
  /** Evidence files by their normalised content path (files beyond the byte budget are `too-large`). */
  files: Record<string, StepTraceEvidenceFile>;
}

export interface StepTraceService {
  report(key: string): Promise<StepTraceDocument>;
}

export const STEP_TRACE_METHOD_ARGS: {
  [M in keyof StepTraceService]: ArgsValidator<Parameters<StepTraceService[M]>>;
} = {
  report: strings(1) as ArgsValidator<[string]>,
};
