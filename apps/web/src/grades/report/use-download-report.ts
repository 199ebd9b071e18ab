import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../../api/http.js';
import { reportClient } from './report-client.js';

/** One student's semester report, saved as a PDF under the name given. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: async (v: { studentId: string; semesterId: string; fileName: string }) => saveBlob(await reportClient.report(v.studentId, v.semesterId), v.fileName),
    onError: (err) => reportError(err),
  });
}
