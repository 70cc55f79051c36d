/**
 * Loads one event's full body on demand (`sessions.eventDetail`) and keeps the last few hundred
 * in memory, so stepping back and forth does not re-read the disk. `revision` (the number of
 * corrections known for it) makes a corrected event load again.
 */
import { useEffect, useState } from 'react';
import type { EventDetail } from '../../../../src-shared/bridge/contract';
import { call } from '../../host';

const MAX_CACHED = 300;
const cache = new Map<string, EventDetail>();

type State = { detail: EventDetail | null; error: string | null };

export function useEventDetail(
  key: string | null,
  eventId: string | null,
  revision: number,
  enabled: boolean,
): State & { loading: boolean } {
  const cacheKey = key && eventId ? `${key}\u0000${eventId}\u0000${revision}` : null;
  const [state, setState] = useState<State & { for: string | null }>({
    detail: null,
    error: null,
    for: null,
  });

  useEffect(() => {
    if (!enabled || !cacheKey || !key || !eventId || cache.has(cacheKey)) return;
    let cancelled = false;
    call('sessions', 'eventDetail', key, eventId).then(
      (detail) => {
        cache.set(cacheKey, detail);
        if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
        if (!cancelled) setState({ detail, error: null, for: cacheKey });
      },
      (error: unknown) => {
        if (!cancelled)
          setState({
            detail: null,
            error: error instanceof Error ? error.message : String(error),
            for: cacheKey,
          });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, cacheKey, key, eventId]);

  const cached = cacheKey ? cache.get(cacheKey) : undefined;
  if (cached) return { detail: cached, error: null, loading: false };
  if (state.for === cacheKey && cacheKey) return { detail: state.detail, error: state.error, loading: false };
  return { detail: null, error: null, loading: enabled && cacheKey !== null };
}
