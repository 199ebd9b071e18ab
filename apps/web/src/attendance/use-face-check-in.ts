import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attendanceClient } from './attendance-client.js';

/** 刷脸签到 / 签退: the capture goes to the server, which compares it; the month's sheet is read again. */
export function useFaceCheckIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob) => attendanceClient.faceCheckIn(photo),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['attendance', 'sheet'] }),
  });
}
