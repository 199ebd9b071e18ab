import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type Selection, useSelection } from './use-selection.js';

/**
 * Renders a component that calls the hook over the rows `rows(pass)` and runs `step(hook, pass)` on each pass; a state
 * update made during render renders the component again at once, so each pass sees the last one's.
 */
function passes(rows: (pass: number) => readonly string[], step: (hook: Selection, pass: number) => void): Selection[] {
  const seen: Selection[] = [];
  function Probe() {
    const pass = seen.length;
    const hook = useSelection(rows(pass));
    seen.push(hook);
    step(hook, pass);
    return null;
  }
  renderToString(createElement(Probe));
  return seen;
}

const ids = (s: Selection) => [...s.selected];

describe('useSelection', () => {
  it('ticks, unticks and flips one row', () => {
    const seen = passes(
      () => ['a', 'b', 'c'],
      (s, pass) => {
        if (pass === 0) s.toggle('b', true);
        if (pass === 1) s.toggle('a');
        if (pass === 2) s.toggle('b', false);
      },
    );
    expect(seen.map(ids)).toEqual([[], ['b'], ['a', 'b'], ['a']]);
    expect(seen[3]!.has('a')).toBe(true);
    expect(seen[3]!.has('b')).toBe(false);
  });

  it('ticks every row or none, and is "all" only while every row is ticked', () => {
    const seen = passes(
      () => ['a', 'b'],
      (s, pass) => {
        if (pass === 0) s.toggleAll(true);
        if (pass === 1) s.toggle('a', false);
        if (pass === 2) s.toggleAll(false);
      },
    );
    expect(seen.map(ids)).toEqual([[], ['a', 'b'], ['b'], []]);
    expect(seen.map((s) => s.all)).toEqual([false, true, false, false]);
  });

  it('clears', () => {
    const seen = passes(
      () => ['a', 'b'],
      (s, pass) => {
        if (pass === 0) s.toggleAll(true);
        if (pass === 1) s.clear();
      },
    );
    expect(seen.map(ids)).toEqual([[], ['a', 'b'], []]);
  });

  it('does not count a row that left, drops it at the next change, and is not "all" over no rows', () => {
    const rows = (pass: number) => (pass === 0 ? ['a', 'b'] : pass === 1 ? ['b', 'c'] : ['a', 'b', 'c']);
    const seen = passes(rows, (s, pass) => {
      if (pass === 0) s.toggleAll(true);
      if (pass === 1) s.toggle('c', true);
    });
    // a left at pass 1; ticking c then keeps b and c only, so a is not ticked when it is back
    expect(seen.map(ids)).toEqual([[], ['b'], ['b', 'c']]);
    expect(passes(() => [], () => undefined)[0]!.all).toBe(false);
  });
});
