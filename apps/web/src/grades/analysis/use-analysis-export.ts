import { useMutation } from '@tanstack/react-query';
import type { AnalysisKind } from '@schoolflow/contracts';
import { reportError, saveBlob } from '../../api/http.js';
import { analysisClient, type AnalysisParams } from './analysis-client.js';

/** Downloads the table on screen as .xlsx, saved under the given name. */
export function useAnalysisExport() {
  return useMutation({
    mutationFn: (v: { kind: AnalysisKind; params: AnalysisParams; fileName: string }) => analysisClient.exportFile(v.kind, v.params).then((blob) => ({ blob, fileName: v.fileName })),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => reportError(err),
  });
}
