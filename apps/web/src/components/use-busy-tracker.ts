import { useRef } from 'react';

/**
 * Wraps an upload's or a removal's call so that `onBusy` hears when the first of the calls under way starts and
 * when the last one ends (an upload and a removal may overlap): the form holds its submit meanwhile. Told from the
 * calls themselves, not from an effect watching their state.
 */
export function useBusyTracker(onBusy: ((busy: boolean) => void) | undefined) {
  const pending = useRef(0);
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (pending.current++ === 0) onBusy?.(true);
    try {
      return await work();
    } finally {
      if (--pending.current === 0) onBusy?.(false);
    }
  };
}
