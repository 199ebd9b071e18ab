import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminPath, type RequestEncryptionSetting } from '@schoolflow/contracts';
import { adminApi } from '../../../api/admin-api.js';
import { reportError } from '../../../api/http.js';
import { loadAppConfig } from '../../../config/load-app-config.js';
import { adminKeys } from '../admin-keys.js';

/** The switch's three places: the environment's REQUEST_ENCRYPT, or on, or off whatever it says. */
export type EncryptionChoice = 'default' | 'on' | 'off';
export const choiceOf = (override: boolean | null): EncryptionChoice => (override === null ? 'default' : override ? 'on' : 'off');
const overrideOf = (choice: EncryptionChoice): boolean | null => (choice === 'default' ? null : choice === 'on');

const settingKey = adminKeys.path(AdminPath.requestEncryptionGet);

/** The request-encryption setting (the override and the environment's default), read fresh each time the page shows. */
export function useRequestEncryption(active: boolean) {
  return useQuery({
    queryKey: settingKey,
    queryFn: ({ signal }) => adminApi.post<RequestEncryptionSetting>(AdminPath.requestEncryptionGet, {}, signal),
    enabled: active,
    staleTime: 0,
  });
}

/**
 * Saves the switch at once; the answer replaces the setting shown, and the application configuration is read again
 * (it changes how every page talks to the server, this one included). A refusal shows the server's message.
 */
export function useSaveRequestEncryption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: EncryptionChoice) => adminApi.post<RequestEncryptionSetting>(AdminPath.requestEncryptionSave, { requestEncrypt: overrideOf(choice) }),
    onSuccess: async (saved) => {
      client.setQueryData(settingKey, saved);
      await loadAppConfig();
    },
    onError: reportError,
  });
}
