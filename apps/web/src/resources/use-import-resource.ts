import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportRowProblem, JobProgress } from '@schoolflow/contracts';
import { ApiError, errorMessage, isCancelled } from '../api/http.js';
import { translate } from '../i18n/use-t.js';
import { resourceClient, resourceKeys } from './resource-client.js';
import { jobFinished } from '../jobs/job-progress.js';
import { useJobProgress } from '../jobs/use-job-progress.js';
import { importOutcome } from './resource-format.js';

export type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'job'; jobId: string; total: number; progress: JobProgress | null }
  | { phase: 'done'; imported: number; errors: ImportRowProblem[] }
  | { phase: 'failed'; message: string };

/** Sends a spreadsheet (with the upload's progress); answers the import's outcome or a background job's id. */
export type ImportUpload = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<unknown>;

/**
 * One import of a spreadsheet: the upload (with its progress), then either the answer at once — rows imported, or the
 * problems of every bad row with nothing imported — or, for a large file, a background job followed until it ends.
 * `onImported` runs when rows were imported.
 */
export function useImport(upload: ImportUpload, onImported: (imported: number) => void) {
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const ctrl = useRef<AbortController | null>(null);
  const jobId = state.phase === 'job' ? state.jobId : null;
  const progress = useJobProgress(jobId);

  // the caller's latest onImported, so `finished` stays one function and the job's end is acted on once
  const onImportedRef = useRef(onImported);
  useEffect(() => {
    onImportedRef.current = onImported;
  }, [onImported]);
  const finished = useCallback((imported: number, errors: ImportRowProblem[]) => {
    setState({ phase: 'done', imported, errors });
    if (imported > 0) onImportedRef.current(imported);
  }, []);

  // The job's end: its result is the same outcome an answer at once would have been.
  useEffect(() => {
    if (!jobId || !progress) return;
    if (!jobFinished(progress)) {
      setState((s) => (s.phase === 'job' && s.jobId === jobId ? { ...s, progress } : s));
      return;
    }
    const outcome = importOutcome(progress.result);
    if (progress.state === 'completed' && outcome) finished(outcome.imported, outcome.errors);
    else if (outcome && outcome.errors.length > 0) finished(0, outcome.errors);
    else {
      const message = typeof (progress.result as { message?: unknown } | undefined)?.message === 'string' ? (progress.result as { message: string }).message : translate('resourceKit.importFailed');
      setState({ phase: 'failed', message });
    }
  }, [jobId, progress, finished]);

  useEffect(() => () => ctrl.current?.abort(), []);

  const start = async (file: File) => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setState({ phase: 'uploading', percent: 0 });
    try {
      const answer = await upload(file, (percent) => setState({ phase: 'uploading', percent }), c.signal);
      if (isJob(answer)) {
        setState({ phase: 'job', jobId: answer.jobId, total: Number(answer.total) || 0, progress: null });
        return;
      }
      const outcome = importOutcome(answer);
      finished(outcome?.imported ?? 0, outcome?.errors ?? []);
    } catch (err) {
      if (isCancelled(err)) return;
      // Bad rows come back as a refusal (code 400) whose data is the outcome: nothing was imported.
      const outcome = err instanceof ApiError ? importOutcome(err.data) : null;
      if (outcome && outcome.errors.length > 0) finished(0, outcome.errors);
      else setState({ phase: 'failed', message: errorMessage(err) });
    }
  };

  const reset = () => {
    ctrl.current?.abort();
    setState({ phase: 'idle' });
  };

  return { state, start, reset };
}

/** An answer that is a background job's: its id and how many rows it has. */
function isJob(answer: unknown): answer is { jobId: string; total?: unknown } {
  return typeof answer === 'object' && answer !== null && 'jobId' in answer && typeof answer.jobId === 'string';
}

/** The import of a resource: whatever was imported reloads the lists and options on screen. */
export function useImportResource(name: string) {
  const client = useQueryClient();
  return useImport(
    (file, onProgress, signal) => resourceClient.importFile(name, file, onProgress, signal),
    () => void Promise.all([client.invalidateQueries({ queryKey: resourceKeys.all }), client.invalidateQueries({ queryKey: resourceKeys.options })]),
  );
}
