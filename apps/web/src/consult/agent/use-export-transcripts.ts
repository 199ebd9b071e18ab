import { useMutation } from '@tanstack/react-query';
import { reportError, saveBlob } from '../../api/http.js';
import { consultClient, type TranscriptFilter } from '../consult-client.js';

/** The transcripts found as an Excel workbook, saved under `fileName`. */
export function useExportTranscripts() {
  return useMutation({
    mutationFn: (v: Pick<TranscriptFilter, 'q' | 'state'> & { fileName: string }) => consultClient.exportFile(v).then((blob) => ({ blob, fileName: v.fileName })),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (err) => reportError(err),
  });
}
