import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../api/http.js';
import { workflowApi } from '../api/workflow-api.js';

/** Fetches a passed proof's certificate (with the session's token) and saves it as `name`; a failure is reported. */
export function useCertificateDownload() {
  return useMutation({
    mutationFn: async (c: { flow: string; id: string; name: string }) => {
      saveBlob(await workflowApi.certificate(c.flow, c.id), c.name);
    },
    onError: reportError,
  });
}
