/** Reads one raw line back from disk (`sessions.rawLine`) for the problem the user picked. */
import { useEffect, useState } from 'react';
import type { ProblemEntry, RawLine } from '../../../../src-shared/bridge/contract';
import { call } from '../../host';

type Result = { line: RawLine | null; error: string | null; for: string };

export function useRawLine(key: string | null, problem: ProblemEntry | null) {
  const want = key && problem ? `${key}\u0000${problem.byteOffset}\u0000${problem.byteLength}` : '';
  const [result, setResult] = useState<Result>({ line: null, error: null, for: '' });
  useEffect(() => {
    if (!key || !problem) return;
    let cancelled = false;
    call('sessions', 'rawLine', key, problem.byteOffset, problem.byteLength).then(
      (line) => !cancelled && setResult({ line, error: null, for: want }),
      (error: unknown) =>
        !cancelled &&
        setResult({ line: null, error: error instanceof Error ? error.message : String(error), for: want }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, problem, want]);
  return result.for === want && want
    ? result
    : { line: null, error: null, for: want, loading: Boolean(want) };
}
