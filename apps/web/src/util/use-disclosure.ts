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

export interface DialogTarget<T> {
  /** What the dialog is open for (the row it edits, a draft of a new one), or null while it is closed. */
  target: T | null;
  open: (target: T) => void;
  close: () => void;
}

/**
 * A dialog that is open for one thing: the row it edits, a new row's draft, the entry it confirms. One way to state
 * it instead of `useState<Row | null>(null)` and `setEditing(null)` written out at every page: the dialog is open
 * exactly while there is a target, so a closed dialog never keeps a stale row, and `open`/`close` are stable like
 * `useDisclosure`'s. Render the dialog only while `target` is set (or key it by the row) so its form starts afresh.
 */
export function useDialogTarget<T>(): DialogTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  const open = useCallback((next: T) => setTarget(() => next), []);
  const close = useCallback(() => setTarget(null), []);
  return useMemo(() => ({ target, open, close }), [target, open, close]);
}
