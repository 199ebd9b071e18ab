import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../api/http.js';
import { electivesClient } from './electives-client.js';

/** The rosters as an Excel workbook, saved under `fileName`. */
export function useExportRosters() {
  return useMutation({
    mutationFn: (v: { id: string; fileName: string }) => electivesClient.exportRosters(v.id).then((blob) => ({ blob, fileName: v.fileName })),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => reportError(err),
  });
}
