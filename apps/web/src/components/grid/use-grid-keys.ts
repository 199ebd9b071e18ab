import { type KeyboardEvent, useCallback, useRef } from 'react';

/**
 * Keyboard movement through a grid made for typing (the grade sheet, the evaluation sheet): every cell carries
 * `data-cell="row:col"`; Enter and ↓ go down, Shift+Enter and ↑ up, Tab and Shift+Tab across (the browser's own
 * order). With `across`, ← and → also move when the caret is at the input's edge (so they still move the caret
 * inside a typed value). A select's arrows choose its option; Enter still moves.
 */
export function useGridKeys(options: { across?: boolean } = {}) {
  const grid = useRef<HTMLDivElement>(null);
  const across = options.across ?? false;

  const focusCell = useCallback((row: number, col: number) => {
    const target = grid.current?.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[data-cell="${row}:${col}"]`);
    if (!target) return;
    target.focus();
    if (target instanceof HTMLInputElement) target.select();
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const el = e.target as HTMLElement;
      const cell = el.dataset.cell;
      if (!cell) return;
      const [row = 0, col = 0] = cell.split(':').map(Number);
      const arrows = el.tagName !== 'SELECT';
      let down = 0;
      let right = 0;
      if (e.key === 'Enter' && el.tagName !== 'TEXTAREA') down = e.shiftKey ? -1 : 1;
      else if (arrows && e.key === 'ArrowDown' && el.tagName !== 'TEXTAREA') down = 1;
      else if (arrows && e.key === 'ArrowUp' && el.tagName !== 'TEXTAREA') down = -1;
      else if (across && arrows && el instanceof HTMLInputElement && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
        const atStart = el.selectionStart === 0 && el.selectionEnd === 0;
        const atEnd = el.selectionStart === el.value.length || (el.selectionStart === 0 && el.selectionEnd === el.value.length);
        if (e.key === 'ArrowLeft' && (atStart || (el.selectionStart === 0 && el.selectionEnd === el.value.length))) right = -1;
        else if (e.key === 'ArrowRight' && atEnd) right = 1;
      }
      if (down === 0 && right === 0) return;
      e.preventDefault();
      focusCell(row + down, col + right);
    },
    [across, focusCell],
  );

  return { grid, focusCell, onKeyDown };
}
