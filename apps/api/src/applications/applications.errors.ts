import { type BothNames, ErrorCode } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The applications' refusals (the flows' forms and views: messages `workflow.*`, `validation.*`, and the
 * `timetable.errors.*` of the flows that change lessons), each stated once.
 *
 * Three share a message with a timetable refusal (TimetableErrors) at another status, on purpose, and the e2e tests
 * assert both: a form asking for an impossible change is 422 (the request is well formed, the school's state refuses
 * it), where the timetable editor answers 409 for a clash (its save meets lessons already placed) and 400 for a period
 * that does not exist (the editor's input is wrong) — see `lessonClash`, `periodMissing`, `sectionUnknown`.
 */
export const ApplicationErrors = {
  // — the applicant: who applies, for which student —
  /** 422: the student is not enrolled (suspended, left, graduated). */
  studentNotEnrolled: () => AppException.unprocessable('workflow.studentNotEnrolled'),
  /** 422: no student row for the student applying, or the student named. */
  studentNotFound: () => AppException.unprocessable('workflow.studentNotFound'),
  /** 403: a student naming another student, or a parent naming a child not theirs. */
  notYourChild: () => new AppException(403, ErrorCode.FORBIDDEN, 'workflow.notYourChild'),
  /** 403: neither a student nor a parent of one (the flow's own words when it has them). */
  notApplicant: (key: string) => new AppException(403, ErrorCode.FORBIDDEN, key),
  /** 400: a parent of several children not saying which (the flow's own words when it has them). */
  chooseChild: (key: string) => AppException.badRequest(key),
  /** 422: the student's class has no head teacher to decide it. */
  noHeadTeacher: () => AppException.unprocessable('workflow.noHeadTeacher'),
  /** 403: an award is reported by a student or a teacher for themself (award-review). */
  notAwardReporter: () => new AppException(403, ErrorCode.FORBIDDEN, 'workflow.notAwardReporter'),
  /** 422: the contest named is not in the contest setting (award-review). */
  awardContestMissing: () => AppException.unprocessable('validation.awardContestInvalid'),
  /** 403: only a teacher declares an elective course, for themself (elective-course). */
  notElectiveTeacher: () => new AppException(403, ErrorCode.FORBIDDEN, 'workflow.notElectiveTeacher'),
  /** 422: no current semester to declare an elective course for (elective-course). */
  noCurrentSemester: () => AppException.unprocessable('workflow.noCurrentSemester'),
  /** 422: the room named does not exist or is not in use (elective-course). */
  electiveRoomMissing: () => AppException.unprocessable('validation.classroomRequired'),
  /** 422: a slot names a lesson period the school does not have (elective-course). */
  electiveSlotMissing: () => AppException.unprocessable('validation.electiveSlotsRequired'),
  /** 422: the repair type named is not one of the list, or is disabled (repair). */
  repairTypeUnknown: () => AppException.unprocessable('workflow.repairTypeUnknown'),
  /** 400: a certificate image that is not a JPG or PNG of at most 2 MB (docs/product/awards.md#images). */
  awardImageInvalid: () => AppException.badRequest('validation.awardImageInvalid'),
  /** 403: a student neither in the teacher's class nor the office's to change. */
  notYourStudent: () => new AppException(403, ErrorCode.FORBIDDEN, 'workflow.notYourStudent'),
  /** 400: a picture not the applicant's own (another's, removed, unknown). */
  attachmentNotYours: () => AppException.badRequest('workflow.attachmentNotYours'),
  /** 400: not a JPG or PNG, or beyond the size limit. */
  attachmentNotPicture: () => AppException.badRequest('workflow.attachmentNotPicture'),

  // — times —
  timeInvalid: () => AppException.badRequest('validation.timeInvalid'),
  endBeforeStart: () => AppException.badRequest('validation.endBeforeStart'),
  /** 400: outside the window the flow allows (`from`, `to`: the window's ends as the school writes them). */
  outsideWindow: (from: string, to: string) => AppException.badRequest('validation.outsideWindow', { from, to }),
  dayReadingStartPast: () => AppException.badRequest('validation.dayReadingStartPast'),
  loanStartPast: () => AppException.badRequest('validation.loanStartPast'),

  // — flow-specific —
  /** 422: the room is disabled, or not one the school lends. */
  classroomNotLendable: () => AppException.unprocessable('workflow.classroomNotLendable'),
  /** 422: a lesson is held in the room then. */
  classroomTaken: () => AppException.unprocessable('workflow.classroomTaken'),
  /** 422: no semester to upgrade to. */
  upgradeSemesterUnknown: () => AppException.unprocessable('workflow.upgradeSemesterUnknown'),
  /** 422: the student's status is not the one the change starts from. */
  statusChangeNotFrom: () => AppException.unprocessable('workflow.statusChangeNotFrom'),
  toClassRequired: () => AppException.badRequest('validation.toClassRequired'),

  // — changing lessons (make-up classes, class swaps): messages `timetable.errors.*` —
  /**
   * 422 上课时间冲突 (docs/product/timetable.md#clashes, verbatim): `data.clashes` says where and with what kind. The
   * editor's save answers the same words with 409 (TimetableErrors.clash).
   */
  lessonClash: (clashes: readonly { date: string; period: number; kind: string }[]) => AppException.unprocessable('timetable.errors.clash').withData({ clashes }),
  /** 422: a period the school does not have. The editor answers the same words with 400 (TimetableErrors.periodMissing). */
  periodMissing: (period: number) => AppException.unprocessable('timetable.errors.periodMissing', { period }),
  /**
   * 422: the form names a class that does not exist. A read addressing one (the class's day beside the form, the
   * timetable) is 404 (TimetableErrors.sectionNotFound).
   */
  sectionUnknown: () => AppException.unprocessable('timetable.errors.sectionNotFound'),
  /** 422: a date before today in the school's time zone. */
  dateInPast: (date: string) => AppException.unprocessable('timetable.errors.dateInPast', { date }),
  periodsRequired: () => AppException.unprocessable('timetable.errors.periodsRequired'),
  /** 422: the first period has begun (a request nobody decided by then expires). */
  periodBegun: (date: string, period: number) => AppException.unprocessable('timetable.errors.periodBegun', { date, period }),
  courseUnknown: () => AppException.unprocessable('timetable.errors.courseNotFound'),
  dateOutsideTeaching: (date: string) => AppException.unprocessable('timetable.errors.dateOutsideTeaching', { date }),
  /** 403: a make-up of a course the teacher does not teach to the class. */
  notAssignedToCourse: (section: BothNames, course: BothNames) => AppException.forbidden('timetable.errors.notAssignedToCourse', { section, course }),
  noHeadTeacherOfClass: (section: BothNames) => AppException.unprocessable('timetable.errors.noHeadTeacher', { section }),
  noLessonThere: (date: string, period: number, section: BothNames) => AppException.unprocessable('timetable.errors.noLessonThere', { date, period, section }),
  /** 403: swapping away another teacher's lesson. */
  notYourLesson: () => AppException.forbidden('timetable.errors.notYourLesson'),
  lessonHeld: (date: string, period: number) => AppException.unprocessable('timetable.errors.lessonHeld', { date, period }),
  /** 422: a lesson already moved by another change (pending or passed). */
  lessonChanged: (date: string, period: number) => AppException.unprocessable('timetable.errors.lessonChanged', { date, period }),
  withTeacherMismatch: (teacher: string) => AppException.unprocessable('timetable.errors.withTeacherMismatch', { teacher }),
};
