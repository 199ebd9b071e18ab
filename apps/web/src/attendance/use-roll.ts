import { useQuery } from '@tanstack/react-query';
import type { RollQuery } from '@schoolflow/contracts';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/** One roll, while one is chosen. */
export function useRoll(q: RollQuery | null) {
  return useQuery({ queryKey: q ? attendanceKeys.roll(q) : ['attendance', 'roll', 'none'], queryFn: ({ signal }) => attendanceClient.roll(q as RollQuery, signal), enabled: q !== null });
}
