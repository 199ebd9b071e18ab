import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckinSettingsValues } from '@schoolflow/contracts';
import { attendanceClient, attendanceKeys } from './attendance-client.js';

/** 保存考勤设置: the saved settings are the answer. */
export function useSaveCheckinSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckinSettingsValues) => attendanceClient.saveSettings(body),
    onSuccess: (res) => {
      if (res.data) client.setQueryData(attendanceKeys.settings, res.data);
    },
  });
}
