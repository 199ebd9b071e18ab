import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../realtime/use-realtime.js';
import { gradesKeys, SHEET_FLOW } from './grades-client.js';

/**
 * Keeps the grades pages live: a sheet submitted, decided or handed to me (`workflow.transitioned` of the grade-confirmation
 * flow, `task.changed` among them) marks every grades query stale; those on screen refetch, the others when shown.
 * `onSheet` hears of one instance's change first (the sheet page reloads it itself, around the teacher's typing).
 */
export function useGradesLive(onSheet?: (instanceId: string) => void): void {
  const client = useQueryClient();
  const stale = (id: string) => {
    onSheet?.(id);
    void client.invalidateQueries({ queryKey: ['grades', 'my-sheets'] });
    void client.invalidateQueries({ queryKey: ['grades', 'batch-sheets'] });
  };
  const resync = () => void client.invalidateQueries({ queryKey: gradesKeys.all });
  useRealtime('workflow.transitioned', (p) => (p.flow === SHEET_FLOW ? stale(p.id) : undefined), resync);
}
