import { parentPort, workerData } from 'node:worker_threads';
import type { ScheduleProblem, ScheduleProgress, ScheduleResult } from './schedule-problem.js';
import { schedule } from './scheduler.js';

/**
 * The scheduler in a worker thread (run-in-worker.ts starts it): the search is seconds of pure CPU, which must never
 * hold the server's event loop. It reports progress as it goes and the result once, then ends; the parent may
 * terminate it at any time (shutdown, a cancelled job).
 */
export interface ScheduleWorkerRequest {
  problem: ScheduleProblem;
  seed?: number;
  timeLimitMs?: number;
  maxIterations?: number;
  progressEveryMs?: number;
}

export type ScheduleWorkerMessage =
  | { type: 'progress'; progress: ScheduleProgress }
  | { type: 'result'; result: ScheduleResult }
  | { type: 'error'; message: string };

function run(request: ScheduleWorkerRequest): ScheduleWorkerMessage {
  try {
    const { problem, ...options } = request;
    const post = (message: ScheduleWorkerMessage): void => parentPort?.postMessage(message);
    return { type: 'result', result: schedule(problem, { ...options, onProgress: (progress) => post({ type: 'progress', progress }) }) };
  } catch (err) {
    return { type: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.postMessage(run(workerData as ScheduleWorkerRequest));
