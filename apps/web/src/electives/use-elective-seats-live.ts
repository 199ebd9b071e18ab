import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ElectiveOffer } from '@schoolflow/contracts';
import { realtime } from '../realtime/realtime-client.js';
import { electivesKeys } from './electives-client.js';

/**
 * Keeps a batch's page live while it shows (docs/adr/0043-electives.md#seats): each `elective.seats` writes the pushed
 * counts into the list at once; the batch's state moving (`elective.batch`) or a reconnect reads the batch again.
 */
export function useElectiveSeatsLive(batchId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!batchId) return undefined;
    return realtime.watchElective(batchId, {
      seats: (p) => {
        const counts = new Map(p.courses.map((c) => [c.courseId, c.remaining]));
        client.setQueryData<ElectiveOffer[]>(electivesKeys.offers(batchId), (old) => old?.map((o) => (counts.has(o.courseId) ? { ...o, remaining: counts.get(o.courseId) as number } : o)));
      },
      state: () => void client.invalidateQueries({ queryKey: electivesKeys.batches }),
      reconnected: () => void client.invalidateQueries({ queryKey: electivesKeys.batch(batchId) }),
    });
  }, [batchId, client]);
}
