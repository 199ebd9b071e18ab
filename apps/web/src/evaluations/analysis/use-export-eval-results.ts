import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../../api/http.js';
import { evaluationsClient } from '../evaluations-client.js';

/** Downloads a class's results grid as .xlsx (the server writes it at the template's precision). */
export function useExportEvalResults() {
  return useMutation({
    mutationFn: (v: { roundId: string; classId: string; fileName: string }) => evaluationsClient.exportFile(v.roundId, v.classId).then((blob) => ({ blob, fileName: v.fileName })),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => reportError(err),
  });
}
