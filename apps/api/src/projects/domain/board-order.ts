/**
 * A column's order after a card is dropped into it (docs/adr/0059-projects.md#order): the card taken out of wherever
 * it was in the column, then put before `beforeId` — or last when `beforeId` is null, is the card itself, or is no
 * longer in the column (moved away meanwhile by someone else: the drop still lands, at the end).
 */
export function placeInColumn(column: readonly string[], taskId: string, beforeId: string | null): string[] {
  const rest = column.filter((id) => id !== taskId);
  const at = beforeId === null || beforeId === taskId ? -1 : rest.indexOf(beforeId);
  if (at < 0) return [...rest, taskId];
  return [...rest.slice(0, at), taskId, ...rest.slice(at)];
}
