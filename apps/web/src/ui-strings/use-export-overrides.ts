import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../api/http.js';
import { uiStringsClient } from './ui-strings-client.js';

/** 导出覆盖: every override in force as a JSON file (what the import takes). */
export function useExportOverrides() {
  return useMutation({
    mutationFn: async () => {
      const file = await uiStringsClient.exported();
      saveBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), `ui-strings-${file.exportedAt.slice(0, 10)}.json`);
      return file;
    },
  });
}
