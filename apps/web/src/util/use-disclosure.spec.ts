import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type DialogTarget, useDialogTarget } from './use-disclosure.js';

/**
 * Renders a component that calls the hook and runs `step(hook, pass)` on each pass; a state update made during render
 * renders the component again at once (the server renderer's render-phase updates), so each pass sees the last one's.
 */
function passes<T>(step: (hook: DialogTarget<T>, pass: number) => void): DialogTarget<T>[] {
  const seen: DialogTarget<T>[] = [];
  function Probe() {
    const hook = useDialogTarget<T>();
    seen.push(hook);
    step(hook, seen.length - 1);
    return null;
  }
  renderToString(createElement(Probe));
  return seen;
}

describe('useDialogTarget', () => {
  it('starts closed, opens for a target and closes again', () => {
    const row = { id: 'r1', name: 'Ada' };
    const seen = passes<typeof row>((hook, pass) => {
      if (pass === 0) hook.open(row);
      if (pass === 1) hook.close();
    });
    expect(seen.map((h) => h.target)).toEqual([null, row, null]);
    expect(seen[1]!.target).toBe(row);
  });

  it('keeps a function as the target instead of calling it as an updater', () => {
    const target = () => 'not called';
    const seen = passes<() => string>((hook, pass) => {
      if (pass === 0) hook.open(target);
    });
    expect(seen[1]!.target).toBe(target);
  });

  it('keeps open and close the same functions across renders', () => {
    const seen = passes<string>((hook, pass) => {
      if (pass === 0) hook.open('a');
      if (pass === 1) hook.open('b');
    });
    expect(seen.map((h) => h.target)).toEqual([null, 'a', 'b']);
    expect(new Set(seen.map((h) => h.open)).size).toBe(1);
    expect(new Set(seen.map((h) => h.close)).size).toBe(1);
  });
});
