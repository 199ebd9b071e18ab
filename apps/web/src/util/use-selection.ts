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

/**
 * Rows ticked in a list for a batch action (approve, mark read, publish, delete). `selectable` is the ids of the rows
 * shown that may be ticked, in their order; what was ticked and is no longer among them is not counted, and the next
 * change drops it — the same for every list instead of a `Set` and its filtering written out at each page.
 */
export function useSelection(selectable: readonly string[]): Selection {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const selected: ReadonlySet<string> = new Set(selectable.filter((id) => ticked.has(id)));
  const toggle = (id: string, on = !selected.has(id)) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setTicked(next);
  };
  return {
    selected,
    has: (id) => selected.has(id),
    toggle,
    toggleAll: (on) => setTicked(on ? new Set(selectable) : new Set()),
    clear: () => setTicked(new Set()),
    all: selectable.length > 0 && selectable.every((id) => selected.has(id)),
  };
}
