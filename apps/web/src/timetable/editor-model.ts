import { type ClashKind, clashOf, type EditorOptions, type Lesson, type PlaceLessonsInput } from '@schoolflow/contracts';
import { cellKey } from './week-grid-model.js';

/**
 * The grid editor's pure model: a class's (or teaching class's) week as a draft of cells, what changed since it was
 * loaded, the body that saves it, and the clashes it would meet — the contract's one rule (`clashOf`), applied as one
 * places, against the timetable's other lessons, so the grid is red before the server says 上课时间冲突.
 */

/** Whose week is edited. */
export interface Section {
  kind: 'class' | 'teachingClass';
  id: string;
}

/** One placed lesson of the week. */
export interface DraftCell {
  courseId: string;
  teacherId: string;
  classroomId: string | null;
}
export type Draft = ReadonlyMap<string, DraftCell>;

/** The class or teaching class a lesson teaches (the clash rule's section). */
export const sectionIdOf = (l: Pick<Lesson, 'classId' | 'teachingClassId'>): string => l.classId ?? l.teachingClassId ?? '';

/** The section's own weekly lessons as cells (a teaching class's lessons its students also go to are not its own). */
export function draftOf(lessons: readonly Lesson[], section: Section): Map<string, DraftCell> {
  const out = new Map<string, DraftCell>();
  for (const l of lessons) {
    if (l.date !== null || sectionIdOf(l) !== section.id) continue;
    out.set(cellKey(l.weekday, l.period), { courseId: l.courseId, teacherId: l.teacherId, classroomId: l.classroomId });
  }
  return out;
}

const sameCell = (a: DraftCell | undefined, b: DraftCell | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.courseId === b.courseId && a.teacherId === b.teacherId && a.classroomId === b.classroomId);

/** The cells that differ from what was loaded or last saved. */
export function changedCells(saved: Draft, draft: Draft): string[] {
  const keys = new Set([...saved.keys(), ...draft.keys()]);
  return [...keys].filter((k) => !sameCell(saved.get(k), draft.get(k))).sort();
}

/** `weekday:period` back to numbers. */
export function parseCellKey(key: string): { weekday: number; period: number } {
  const [w = '0', p = '0'] = key.split(':');
  return { weekday: Number(w), period: Number(p) };
}

/** The whole week as `PUT /api/timetable/lessons` takes it (what is not listed is removed), Monday's first period first. */
export function placeBody(timetableId: string, section: Section, draft: Draft): PlaceLessonsInput {
  const lessons = [...draft]
    .map(([key, c]) => ({ ...parseCellKey(key), courseId: c.courseId, teacherId: c.teacherId, classroomId: c.classroomId }))
    .sort((a, b) => a.weekday - b.weekday || a.period - b.period);
  return { timetableId, ...(section.kind === 'class' ? { classId: section.id } : { teachingClassId: section.id }), lessons };
}

/** A clash of a cell: its kind and the other lesson. */
export interface CellClash {
  kind: ClashKind;
  with: Lesson;
}

/**
 * Every cell of the draft that clashes with the timetable's other lessons: the same teacher or room at that time, or
 * a section sharing the class's students (`shared`: the teaching classes its students go to) taught then. The
 * section's own lessons in `others` are ignored — the draft replaces them.
 */
export function draftClashes(draft: Draft, section: Section, others: readonly Lesson[], shared: ReadonlySet<string> = new Set()): Map<string, CellClash[]> {
  const at = new Map<string, Lesson[]>();
  for (const o of others) {
    if (o.date !== null || sectionIdOf(o) === section.id) continue;
    const key = cellKey(o.weekday, o.period);
    at.set(key, [...(at.get(key) ?? []), o]);
  }
  const shares = (a: string, b: string): boolean => (a === section.id && shared.has(b)) || (b === section.id && shared.has(a));
  const out = new Map<string, CellClash[]>();
  for (const [key, cell] of draft) {
    const { weekday, period } = parseCellKey(key);
    const mine = { weekday, period, section: section.id, teacherId: cell.teacherId, classroomId: cell.classroomId };
    const found: CellClash[] = [];
    for (const o of at.get(key) ?? []) {
      const kind = clashOf(mine, { weekday: o.weekday, period: o.period, section: sectionIdOf(o), teacherId: o.teacherId, classroomId: o.classroomId }, shares);
      if (kind) found.push({ kind, with: o });
    }
    if (found.length > 0) out.set(key, found);
  }
  return out;
}

/** The rooms other lessons hold at a cell's time (a room default avoids them). */
export function busyRooms(others: readonly Lesson[], section: Section, weekday: number, period: number): Set<string> {
  return new Set(others.filter((o) => o.date === null && o.weekday === weekday && o.period === period && sectionIdOf(o) !== section.id && o.classroomId).map((o) => o.classroomId as string));
}

type CourseOption = EditorOptions['courses'][number];

/**
 * Where a course is taught by default: a course needing a room type in a free room of that type big enough for the
 * class (else any of that type), every other course in the class's own room.
 */
export function defaultRoom(course: Pick<CourseOption, 'roomType'>, options: Pick<EditorOptions, 'rooms' | 'homeRoomId' | 'size'>, busy: ReadonlySet<string>): string | null {
  if (!course.roomType) return options.homeRoomId;
  const ofType = options.rooms.filter((r) => r.type === course.roomType);
  const fits = ofType.filter((r) => r.seats >= options.size);
  return (fits.find((r) => !busy.has(r.id)) ?? fits[0] ?? ofType[0])?.id ?? options.homeRoomId;
}

/** A course's weekly periods: placed in the draft of those the grade needs. */
export interface CourseCount {
  courseId: string;
  courseName: string;
  courseColour: string;
  teacherName: string;
  placed: number;
  needed: number;
}

export function courseCounts(courses: readonly CourseOption[], draft: Draft): CourseCount[] {
  const placed = new Map<string, number>();
  for (const c of draft.values()) placed.set(c.courseId, (placed.get(c.courseId) ?? 0) + 1);
  return courses.map((c) => ({ courseId: c.courseId, courseName: c.courseName, courseColour: c.courseColour, teacherName: c.teacherName, placed: placed.get(c.courseId) ?? 0, needed: c.periods }));
}

/**
 * The clashes a refused save names (409 上课时间冲突, `data.clashes`: where and a sentence each), by cell; an answer
 * of another shape marks nothing.
 */
export function refusedClashes(data: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const list = typeof data === 'object' && data !== null ? (data as { clashes?: unknown }).clashes : undefined;
  if (!Array.isArray(list)) return out;
  for (const c of list as unknown[]) {
    if (typeof c !== 'object' || c === null) continue;
    const { weekday, period, text } = c as { weekday?: unknown; period?: unknown; text?: unknown };
    if (typeof weekday !== 'number' || typeof period !== 'number') continue;
    const key = cellKey(weekday, period);
    out.set(key, [...(out.get(key) ?? []), typeof text === 'string' ? text : '']);
  }
  return out;
}

/** The other lesson of a clash named for people, as the server names it: class, course, teacher. */
export const otherLessonName = (l: Pick<Lesson, 'className' | 'courseName' | 'teacherName'>): string => [l.className, l.courseName, l.teacherName].filter(Boolean).join(' ');
