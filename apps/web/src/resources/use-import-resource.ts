import { useEffect, useRef, useState } from 'react';
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
  /** Where the import is; while a job runs, its progress and its end are read from the job (useJobProgress), not copied here. */
  const [stage, setStage] = useState<ImportState>({ phase: 'idle' });
  const ctrl = useRef<AbortController | null>(null);
  const jobId = stage.phase === 'job' ? stage.jobId : null;
  const progress = useJobProgress(jobId);
  const state: ImportState = stage.phase === 'job' ? jobState(stage, progress) : stage;

  // the caller's latest onImported, so the job's end is acted on once
  const onImportedRef = useRef(onImported);
  useEffect(() => {
    onImportedRef.current = onImported;
  }, [onImported]);
  const done = (imported: number, errors: ImportRowProblem[]) => {
    setStage({ phase: 'done', imported, errors });
    if (imported > 0) onImported(imported);
  };

  // A job that imported rows: what it changed is read again, once.
  const jobImported = stage.phase === 'job' && state.phase === 'done' ? state.imported : 0;
  useEffect(() => {
    if (jobImported > 0) onImportedRef.current(jobImported);
  }, [jobId, jobImported]);

  useEffect(() => () => ctrl.current?.abort(), []);

  const start = async (file: File) => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setStage({ phase: 'uploading', percent: 0 });
    try {
      const answer = await upload(file, (percent) => setStage({ phase: 'uploading', percent }), c.signal);
      if (isJob(answer)) {
        setStage({ phase: 'job', jobId: answer.jobId, total: Number(answer.total) || 0, progress: null });
        return;
      }
      const outcome = importOutcome(answer);
      done(outcome?.imported ?? 0, outcome?.errors ?? []);
    } catch (err) {
      if (isCancelled(err)) return;
      // Bad rows come back as a refusal (code 400) whose data is the outcome: nothing was imported.
      const outcome = err instanceof ApiError ? importOutcome(err.data) : null;
      if (outcome && outcome.errors.length > 0) done(0, outcome.errors);
      else setStage({ phase: 'failed', message: errorMessage(err) });
    }
  };

  const reset = () => {
    ctrl.current?.abort();
    setStage({ phase: 'idle' });
  };

  return { state, start, reset };
}

/** A background import as its job says: running (with its progress), or ended — the same outcome an answer at once would have been. */
function jobState(job: Extract<ImportState, { phase: 'job' }>, progress: JobProgress | null): ImportState {
  if (!progress || !jobFinished(progress)) return { ...job, progress };
  const outcome = importOutcome(progress.result);
  if (progress.state === 'completed' && outcome) return { phase: 'done', imported: outcome.imported, errors: outcome.errors };
  if (outcome && outcome.errors.length > 0) return { phase: 'done', imported: 0, errors: outcome.errors };
  const message = (progress.result as { message?: unknown } | undefined)?.message;
  return { phase: 'failed', message: typeof message === 'string' ? message : translate('resourceKit.importFailed') };
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
