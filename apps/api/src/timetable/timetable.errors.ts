import type { BothNames, CheckProblem, Clash } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

/** The timetable module's refusals (messages `timetable.errors.*`), each stated once. */
export const TimetableErrors = {
  /** 409 上课时间冲突 (docs/product/timetable.md#clashes, verbatim); `data.clashes` says where and with what, for the editor to mark. */
  clash: (clashes: readonly (Clash & { text: string })[]) => AppException.conflict('timetable.errors.clash').withData({ clashes }),
  periodMissing: (period: number) => AppException.badRequest('timetable.errors.periodMissing', { period }),
  dayOutsideWeek: (day: string, days: number) => AppException.badRequest('timetable.errors.dayOutsideWeek', { day, days }),
  teacherNotAssigned: (teacher: string, section: string, course: string) => AppException.badRequest('timetable.errors.teacherNotAssigned', { teacher, section, course }),
  courseNotTaught: (section: string, course: string) => AppException.badRequest('timetable.errors.courseNotTaught', { section, course }),
  notAClassroom: (room: string) => AppException.badRequest('timetable.errors.notAClassroom', { room }),
  roomTooSmall: (room: string, seats: number, section: string | BothNames, size: number) => AppException.badRequest('timetable.errors.roomTooSmall', { room, seats, section, size }),
  notATeacher: () => AppException.badRequest('timetable.errors.notATeacher'),
  timetableNotFound: () => AppException.notFound('timetable.errors.timetableNotFound'),
  /** 422: a published or archived timetable is changed only through a draft copy. */
  notDraft: () => AppException.unprocessable('timetable.errors.notDraft'),
  publishedNotDeletable: () => AppException.unprocessable('timetable.errors.publishedNotDeletable'),
  publishEmpty: () => AppException.unprocessable('timetable.errors.publishEmpty'),
  semesterNotFound: () => AppException.notFound('timetable.errors.semesterNotFound'),
  noCurrentSemester: () => AppException.unprocessable('timetable.errors.noCurrentSemester'),
  sectionNotFound: () => AppException.notFound('timetable.errors.sectionNotFound'),
  /** 422 before the scheduler runs: what makes the timetable impossible, named (`data.problems`). */
  scheduleImpossible: (text: string, problems: readonly (CheckProblem & { text: string })[]) => AppException.unprocessable('timetable.errors.scheduleImpossible', { problems: text }).withData({ problems }),
  scheduleRunning: () => AppException.unprocessable('timetable.errors.scheduleRunning'),
  /** 403: a student or a parent asking for another class's, a teacher's or a room's timetable. */
  forbiddenScope: () => AppException.forbidden('timetable.errors.forbiddenScope'),
  childRequired: () => AppException.badRequest('timetable.errors.childRequired'),
};
