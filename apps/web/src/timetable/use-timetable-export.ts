import { useMutation } from '@tanstack/react-query';
import type { TimetableQuery } from '@schoolflow/contracts';
import { reportError, saveBlob } from '../api/http.js';
import { timetableClient } from './timetable-client.js';
import type { GridSubject } from './week-grid-model.js';

/** The inquiry's lessons as an Excel workbook, downloaded with the session token and saved under `fileName`. */
export function useTimetableExport() {
  return useMutation({
    mutationFn: (v: { query: TimetableQuery; by: GridSubject; fileName: string }) => timetableClient.exportFile(v.query, v.by).then((blob) => ({ blob, fileName: v.fileName })),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => reportError(err),
  });
}
