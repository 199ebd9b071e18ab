import { formatSchoolTime, type ZoubanCourse, type ZoubanState, type ZoubanWindow } from '@schoolflow/contracts';
import type { WindowRow } from './class-walking.repository.js';

/** A window's state by the clock: before its start, open until its end, ended after. */
export function windowState(w: { start_at: Date; end_at: Date }, now: number): ZoubanState {
  if (now < w.start_at.getTime()) return 'notStarted';
  return now < w.end_at.getTime() ? 'open' : 'ended';
}

/** The combination's name: the chosen courses' names in the groups' order, joined. */
export function combinationName(w: Pick<WindowRow, 'groups'>, courses: ReadonlyMap<string, ZoubanCourse>, courseIds: readonly string[]): string {
  const chosen = new Set(courseIds);
  return w.groups
    .flatMap((g) => g.courseIds)
    .filter((id) => chosen.has(id))
    .map((id) => courses.get(id)?.name ?? id)
    .join('+');
}

export function windowView(w: WindowRow, courses: ReadonlyMap<string, ZoubanCourse>, now: number, timeZone: string): ZoubanWindow {
  return {
    id: w.id,
    name: w.name,
    semesterId: w.semester_id,
    semesterName: w.semester_name,
    grade: w.grade,
    start: formatSchoolTime(w.start_at.getTime(), timeZone),
    end: formatSchoolTime(w.end_at.getTime(), timeZone),
    state: windowState(w, now),
    groups: w.groups.map((g) => ({ ...g, courses: g.courseIds.map((id) => courses.get(id) ?? { id, code: '', name: id }) })),
    capacity: w.capacity,
    weeklyPeriods: w.weekly_periods,
    chosen: w.chosen,
    students: w.students,
    generatedAt: w.generated_at ? formatSchoolTime(w.generated_at.getTime(), timeZone) : null,
  };
}
