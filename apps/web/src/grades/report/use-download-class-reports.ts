import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../../api/http.js';
import { reportClient } from './report-client.js';

/** A finished class reports job's PDF, saved under the name the job gave it. */
export function useDownloadClassReports() {
  return useMutation({
    mutationFn: async (v: { jobId: string; fileName: string }) => saveBlob(await reportClient.classReportsFile(v.jobId), v.fileName),
    onError: (err) => reportError(err),
  });
}
