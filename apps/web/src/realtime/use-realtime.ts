import { useEffect, useLayoutEffect, useRef } from 'react';
import { realtime, type PushEvent, type Sequenced } from './realtime-client.js';

/**
 * Calls `handler` for every push of `event` (in order, once each), and `onResync` (default: nothing) when the
 * client could not replay what was missed and pages should reload. The latest handler is always used, so
 * callers need not memoise it.
 */
export function useRealtime<E extends PushEvent>(event: E, handler: (payload: Sequenced<E>) => void, onResync?: () => void): void {
  const latest = useRef(handler);
  const resync = useRef(onResync);
  // kept current after each render (before any push can arrive), never written while rendering
  useLayoutEffect(() => {
    latest.current = handler;
    resync.current = onResync;
  });
  useEffect(() => realtime.subscribe(event, (p) => latest.current(p)), [event]);
  useEffect(() => realtime.onResync(() => resync.current?.()), []);
}
