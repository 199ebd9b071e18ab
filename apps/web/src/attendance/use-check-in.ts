import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckinInput } from '@schoolflow/contracts';
import { attendanceClient } from './attendance-client.js';

/** 定位签到 / 签退: the month's sheet is read again. */
export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckinInput) => attendanceClient.checkIn(body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['attendance', 'sheet'] }),
  });
}
