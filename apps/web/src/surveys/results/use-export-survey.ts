import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../../api/http.js';
import { type ResultsFilter, resultsClient } from './results-client.js';

/** The answers as an Excel workbook, downloaded with the session token and saved under `fileName`. */
export function useExportSurvey() {
  return useMutation({
    mutationFn: (v: { id: string; filter: ResultsFilter; fileName: string }) => resultsClient.exportFile(v.id, v.filter).then((blob) => ({ blob, fileName: v.fileName })),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => reportError(err),
  });
}
