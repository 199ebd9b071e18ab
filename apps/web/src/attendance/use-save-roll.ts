import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RollSaveValues } from '@schoolflow/contracts';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/** 保存点名: the roll is the answer; its date's classes, the absences and the statistics are read again. */
export function useSaveRoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RollSaveValues) => attendanceClient.saveRoll(body),
    onSuccess: (res, body) => {
      if (res.data) client.setQueryData(attendanceKeys.roll(body), res.data);
      void client.invalidateQueries({ queryKey: attendanceKeys.classes(body.date) });
      void client.invalidateQueries({ queryKey: attendanceKeys.absences });
      void client.invalidateQueries({ queryKey: ['attendance', 'statistics'] });
    },
  });
}
