/**
 * Compare the derived lineage graphs of two sessions, or of one session at two seqs (bookmarks).
 * Each side is a session key (a log the host follows) and an optional seq to cut it at.
 */
import type { CompareResult, CompareSideRef } from '../../lineage/compare/compare-types';
import type { ArgsValidator } from './validators';

export type { CompareResult, CompareSideRef } from '../../lineage/compare/compare-types';

export interface CompareService {
  /** Reads both logs afresh (up to their cuts) and compares them; lists are clipped, counts are not. */
  compare(a: CompareSideRef, b: CompareSideRef): Promise<CompareResult>;
}

const MAX_KEY = 4096;

function sideRef(value: unknown): CompareSideRef | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'expects {sessionKey, uptoSeq}';
  const { sessionKey, uptoSeq } = value as Record<string, unknown>;
  if (typeof sessionKey !== 'string' || sessionKey.length === 0 || sessionKey.length > MAX_KEY)
    return 'expects a session key';
  if (uptoSeq !== null && !(typeof uptoSeq === 'number' && Number.isSafeInteger(uptoSeq) && uptoSeq >= 0))
    return 'expects uptoSeq to be null or a whole number ≥ 0';
  return { sessionKey, uptoSeq };
}

function compareArgs(args: unknown): [CompareSideRef, CompareSideRef] | string {
  if (!Array.isArray(args) || args.length !== 2) return 'expects two sides';
  const a = sideRef(args[0]);
  if (typeof a === 'string') return a;
  const b = sideRef(args[1]);
  if (typeof b === 'string') return b;
  return [a, b];
}

export const COMPARE_METHOD_ARGS: {
  [M in keyof CompareService]: ArgsValidator<Parameters<CompareService[M]>>;
} = {
  compare: compareArgs,
};
