/**
 * The compare service: both sides must be sessions the store follows (so only logs under the
 * folders the user opened are ever read — the same rule as every other session call); the work
 * runs in a worker thread.
 */
import path from 'node:path';
import { BridgeError, type CompareService } from '../../../src-shared/bridge/contract';
import type { CompareSideRef } from '../../../src-shared/lineage/compare/compare-types';
import { isUnder } from '../fs/is-under';
import type { SessionStore } from '../sessions/session-store';
import { runCompare, type RunCompareOptions } from './run-compare';

/** Entries listed per list over the bridge; the counts always cover everything. */
export const COMPARE_MAX_LISTED = 3000;

export function compareService(
  store: Pick<SessionStore, 'list' | 'roots'>,
  options: RunCompareOptions = {},
): CompareService {
  const check = (side: CompareSideRef): CompareSideRef => {
    const key = side.sessionKey;
    const known = store.list().some((s) => s.key === key);
    if (!known) throw new BridgeError('not-found', `no session ${key}`);
    if (!store.roots.some((r) => isUnder(path.resolve(key), r)))
      throw new BridgeError('forbidden-path', `${key} is not under a folder you opened`);
    return side;
  };
  return {
    compare: async (a, b) =>
      runCompare(check(a), check(b), { maxListed: COMPARE_MAX_LISTED, diffTimeoutMs: 3000, ...options }),
  };
}
