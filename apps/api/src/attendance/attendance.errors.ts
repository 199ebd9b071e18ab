import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 考勤's refusals (messages `attendance.errors.*`; docs/product/campus-life.md#attendance), each stated once — the use
 * cases throw from here only.
 */
export const AttendanceErrors = {
  /** 403: the whole school's absences, or a roll one neither leads nor teaches, without attendance:view. */
  forbidden: () => AppException.forbidden('attendance.errors.forbidden'),
  /** 403: saving a roll needs attendance:roll and the class's head teacher or the period's teacher. */
  notYourRoll: () => AppException.forbidden('attendance.errors.notYourRoll'),
  /** 404: also an id that is no class. */
  classNotFound: () => AppException.notFound('attendance.errors.classNotFound'),
  /** 409: a declared holiday has no lessons, so no roll (a make-up workday has the replaced weekday's). */
  holiday: (name: string) => AppException.conflict('attendance.errors.holiday', { name }),
  /** 409: the class has no lesson of its own in that period of that date. */
  noLesson: () => AppException.conflict('attendance.errors.noLesson'),
  /** 400: a roll is taken on the day or after it, never before. */
  futureDate: () => AppException.badRequest('attendance.errors.futureDate'),
  /** 400: each enrolled student of the class once, nobody else. */
  studentsMismatch: () => AppException.badRequest('attendance.errors.studentsMismatch'),
  /** 400: an approved leave covering the period marks the student on leave; the roll cannot say otherwise. */
  onApprovedLeave: (name: string) => AppException.badRequest('attendance.errors.onApprovedLeave', { name }),
  /** 403: a head teacher reads the statistics of their own classes only. */
  statisticsForbidden: () => AppException.forbidden('attendance.errors.statisticsForbidden'),
  settingsForbidden: () => AppException.forbidden('attendance.errors.settingsForbidden'),
  checkinForbidden: () => AppException.forbidden('attendance.errors.checkinForbidden'),
  /** 409: no place set yet: nobody can be inside its radius. */
  placeNotSet: () => AppException.conflict('attendance.errors.placeNotSet'),
  /** 409: now is in neither window; the windows are named. */
  outsideWindow: (w: { inStart: string; inEnd: string; outStart: string; outEnd: string }) => AppException.conflict('attendance.errors.outsideWindow', w),
  /** 400: further from the place than its radius. */
  tooFar: (distance: number, radius: number) => AppException.badRequest('attendance.errors.tooFar', { distance, radius }),
  alreadyIn: () => AppException.conflict('attendance.errors.alreadyIn'),
  alreadyOut: () => AppException.conflict('attendance.errors.alreadyOut'),
};
