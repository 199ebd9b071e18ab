import { Worker } from 'node:worker_threads';
import type { ScheduleWorkerMessage, ScheduleWorkerRequest } from './schedule.worker.js';
import type { ScheduleProblem, ScheduleProgress, ScheduleResult } from './schedule-problem.js';
import { schedule } from './scheduler.js';

/**
 * Runs the scheduler off the event loop, in a worker thread (schedule.worker.ts), as SpreadsheetReader runs the
 * Excel parse: the server keeps answering while a timetable is made, and an abort (the job cancelled, the server
 * shutting down) terminates the thread at once — a synchronous search cannot be interrupted any other way.
 *
 * The worker is the compiled `schedule.worker.js` beside this file (`tsc` keeps the folder structure in dist/).
 * Run from the TypeScript sources (jest) there is no compiled worker: the same search then runs in-process on a
 * later tick, where an abort is honoured only before it starts. The unit tests run the real worker from a
 * compiled copy (run-in-worker.spec.ts).
 */
export interface WorkerScheduleOptions {
  seed?: number;
  timeLimitMs?: number;
  maxIterations?: number;
  progressEveryMs?: number;
  /** Aborting terminates the worker; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The search's heap at most: a school of a thousand classes needs a few tens of MB. */
const WORKER_MEMORY_MB = 256;

export function runScheduleInWorker(problem: ScheduleProblem, options: WorkerScheduleOptions = {}, onProgress: (p: ScheduleProgress) => void = () => undefined): Promise<ScheduleResult> {
  const { signal, ...rest } = options;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const request: ScheduleWorkerRequest = { problem, ...rest };
  return import.meta.url.endsWith('.ts') ? inProcess(request, signal, onProgress) : inWorker(request, signal, onProgress);
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('The scheduler was aborted');
}

function inWorker(request: ScheduleWorkerRequest, signal: AbortSignal | undefined, onProgress: (p: ScheduleProgress) => void): Promise<ScheduleResult> {
  return new Promise<ScheduleResult>((resolve, reject) => {
    const worker = new Worker(new URL('./schedule.worker.js', import.meta.url), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
    });
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      done();
      void worker.terminate();
    };
    const onAbort = (): void => settle(() => reject(abortReason(signal!)));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: ScheduleWorkerMessage) => {
      switch (message.type) {
        case 'progress':
          if (!settled) onProgress(message.progress);
          break;
        case 'result':
          settle(() => resolve(message.result));
          break;
        case 'error':
          settle(() => reject(new Error(`scheduler failed: ${message.message}`)));
          break;
      }
    });
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`scheduler worker exited (code ${code}) without a result`))));
  });
}

async function inProcess(request: ScheduleWorkerRequest, signal: AbortSignal | undefined, onProgress: (p: ScheduleProgress) => void): Promise<ScheduleResult> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw abortReason(signal);
  const { problem, ...options } = request;
  return schedule(problem, { ...options, onProgress });
}
