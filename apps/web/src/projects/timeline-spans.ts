import type { ProjectTask } from '@schoolflow/contracts';

export const DAY_MS = 86_400_000;
export const dayNo = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** What the timeline draws of a task: its first and last day (a due date alone is one day, a milestone). */
export interface Span {
  task: ProjectTask;
  from: number;
  to: number;
  milestone: boolean;
}

/** The dated tasks as spans, and the days the axis covers (today included, a day's margin each side). */
export function timelineOf(tasks: readonly ProjectTask[], today: string): { spans: Span[]; first: number; days: number; undated: ProjectTask[] } {
  const spans: Span[] = [];
  const undated: ProjectTask[] = [];
  for (const task of tasks) {
    const start = task.startDate ?? task.dueDate;
    const end = task.dueDate ?? task.startDate;
    if (!start || !end) undated.push(task);
    else spans.push({ task, from: dayNo(start), to: dayNo(end), milestone: task.startDate === null });
  }
  spans.sort((a, b) => a.from - b.from || a.to - b.to);
  const t = dayNo(today);
  const first = Math.min(t, ...spans.map((s) => s.from)) - 1;
  const last = Math.max(t, ...spans.map((s) => s.to)) + 1;
  return { spans, first, days: last - first + 1, undated };
}
