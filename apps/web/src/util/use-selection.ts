import { useState } from 'react';

export interface Selection {
  /** The rows ticked that are still selectable: a row read, decided or gone elsewhere leaves the selection. */
  selected: ReadonlySet<string>;
  has: (id: string) => boolean;
  /** Ticks or unticks one row (`on` as a checkbox reports it; flips it when left out). */
  toggle: (id: string, on?: boolean) => void;
  /** The "all" checkbox: every selectable row, or none. */
  toggleAll: (on: boolean) => void;
  clear: () => void;
  /** Every selectable row is ticked (false while there is none). */
  all: boolean;
}

/** A set with `id` in (`on`) or out (flipped when `on` is left out). */
export function toggled(s: ReadonlySet<string>, id: string, on = !s.has(id)): Set<string> {
  const next = new Set(s);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * Rows ticked in a list for a batch action (approve, mark read, publish, delete). `selectable` is the ids of the rows
 * shown that may be ticked, in their order; what was ticked and is no longer among them is not counted, and the next
 * change drops it — the same for every list instead of a `Set` and its filtering written out at each page.
 */
export function useSelection(selectable: readonly string[]): Selection {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const selected: ReadonlySet<string> = new Set(selectable.filter((id) => ticked.has(id)));
  const toggle = (id: string, on?: boolean) => setTicked(toggled(selected, id, on));
  return {
    selected,
    has: (id) => selected.has(id),
    toggle,
    toggleAll: (on) => setTicked(on ? new Set(selectable) : new Set()),
    clear: () => setTicked(new Set()),
    all: selectable.length > 0 && selectable.every((id) => selected.has(id)),
  };
}
