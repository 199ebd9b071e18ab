import type { JobProgress, ScheduleJobResult, SoftScore, UnplacedLesson } from '@schoolflow/contracts';

/**
 * The automatic scheduler's job as the page reads it (the kit's `useJobProgress`, the later of push and poll): pushes
 * carry placed of total, the phase and the score so far, and when completed its `ScheduleJobResult`; the job's record,
 * polled as the fallback, done of total and the result once finished.
 */

export type SchedulePhase = 'construct' | 'improve';

export interface ScheduleProgressView {
  state: JobProgress['state'];
  done: number;
  total: number;
  /** While running: building a complete timetable, or improving its score (unknown from a poll). */
  phase: SchedulePhase | null;
  /** The score so far (lower is better), once there is a complete timetable. */
  score: number | null;
  /** The outcome, when completed. */
  result: ScheduleJobResult | null;
  /** Why it failed, when it did. */
  failure: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isScore(v: unknown): v is SoftScore {
  return isObject(v) && ['total', 'spread', 'crowded', 'afternoonMain', 'longRuns'].every((k) => typeof v[k] === 'number');
}

/** A completed job's result, when it has the scheduler's shape. */
export function scheduleResultOf(v: unknown): ScheduleJobResult | null {
  if (!isObject(v) || typeof v.timetableId !== 'string' || !isScore(v.score)) return null;
  return {
    timetableId: v.timetableId,
    placed: Number(v.placed) || 0,
    total: Number(v.total) || 0,
    score: v.score,
    unplaced: Array.isArray(v.unplaced) ? (v.unplaced as UnplacedLesson[]) : [],
    ms: Number(v.ms) || 0,
  };
}

export function scheduleProgressOf(p: JobProgress | null): ScheduleProgressView | null {
  if (!p) return null;
  const r = isObject(p.result) ? p.result : {};
  const running = p.state === 'running' || p.state === 'queued';
  const phase = running && (r.phase === 'construct' || r.phase === 'improve') ? r.phase : null;
  const result = p.state === 'completed' ? scheduleResultOf(p.result) : null;
  return {
    state: p.state,
    done: p.done,
    total: p.total,
    phase,
    score: result ? result.score.total : running && typeof r.score === 'number' ? r.score : null,
    result,
    failure: p.state === 'failed' ? (typeof r.message === 'string' ? r.message : '') : null,
  };
}

/** How far the bar is, 0…100: lessons placed of all, full once completed. */
export function schedulePercent(v: Pick<ScheduleProgressView, 'state' | 'done' | 'total'>): number {
  if (v.state === 'completed') return 100;
  return v.total > 0 ? Math.min(100, Math.round((v.done / v.total) * 100)) : 0;
}
