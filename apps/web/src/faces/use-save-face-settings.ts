import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaceSettingsValues } from '@schoolflow/contracts';
import { facesClient, facesKeys } from './faces-client.js';

/** 保存识别设置: the saved settings are the answer; the groups' check-in mark follows. */
export function useSaveFaceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FaceSettingsValues) => facesClient.saveSettings(body),
    onSuccess: (res) => {
      if (res.data) client.setQueryData(facesKeys.settings, res.data);
      void client.invalidateQueries({ queryKey: facesKeys.groups });
    },
  });
}
