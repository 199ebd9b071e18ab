import { useCallback, useMemo, useState } from 'react';

export interface Disclosure {
  opened: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
  /** For a control that reports the new state (a checkbox, semantic's `onOpen`/`onClose` pairs). */
  set: (opened: boolean) => void;
}

/**
 * A dialog, drawer or panel that is shown or not. One hook instead of a boolean and its setter written out at every
 * modal: `open`/`close` are stable, so they can go straight to `onClick`/`onClose` without a new function per render.
 */
export function useDisclosure(initial = false): Disclosure {
  const [opened, set] = useState(initial);
  const open = useCallback(() => set(true), []);
  const close = useCallback(() => set(false), []);
  const toggle = useCallback(() => set((o) => !o), []);
  return useMemo(() => ({ opened, open, close, toggle, set }), [opened, open, close, toggle]);
}
