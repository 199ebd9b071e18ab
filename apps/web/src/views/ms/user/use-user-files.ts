import { useMutation } from '@tanstack/react-query';
import { AdminPath } from '@schoolflow/contracts';
import { adminApi } from '../../../api/admin-api.js';
import { reportError, saveBlob } from '../../../api/http.js';
import { translate } from '../../../i18n/use-t.js';

/** Saves the user import's template (the server names the file). */
export async function downloadUserTemplate(): Promise<void> {
  try {
    const { blob, fileName } = await adminApi.file(AdminPath.userTemplate, {});
    saveBlob(blob, fileName ?? translate('users.templateFile'));
  } catch (err) {
    reportError(err);
  }
}

/** Uploads an Excel file of users to import. */
export function uploadUsers(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<unknown> {
  return adminApi.upload(AdminPath.userImport, file, onProgress, signal);
}

/** Saves the users matching a query (up to `size`) as the server's Excel file; a failure shows its message. */
export function useUserExport() {
  return useMutation({
    mutationFn: (q: { size: number; query: Record<string, unknown> }) => adminApi.file(AdminPath.userExport, { current: 1, size: q.size, orders: [], query: q.query }),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? translate('users.exportFile')),
    onError: reportError,
  });
}
