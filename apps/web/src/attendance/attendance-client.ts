import {
  type AbsenceList,
  type AttendanceRoll,
  type AttendanceStatistics,
  attendancePath,
  type CheckinInput,
  type CheckinRecord,
  type CheckinSettings,
  type CheckinSettingsValues,
  type CheckinSheet,
  type RollClasses,
  type RollQuery,
  type RollSaveValues,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';
import { captureForm } from '../faces/faces-client.js';

/** Query keys of 考勤: everything under `attendance`; a saved roll marks its date's lists, absences and statistics stale. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  classes: (date: string) => ['attendance', 'classes', date] as const,
  roll: (q: RollQuery) => ['attendance', 'roll', q.classId, q.date, q.period] as const,
  absences: ['attendance', 'absences'] as const,
  statistics: (month: string, classId: string | null) => ['attendance', 'statistics', month, classId] as const,
  settings: ['attendance', 'settings'] as const,
  sheet: (month: string) => ['attendance', 'sheet', month] as const,
};

/** The calls of 考勤 (docs/product/campus-life.md#attendance). */
export const attendanceClient = {
  classes: (date: string, signal?: AbortSignal) => requestData<RollClasses>(attendancePath.classes, { query: { date }, signal }),
  roll: (q: RollQuery, signal?: AbortSignal) => requestData<AttendanceRoll>(attendancePath.roll, { query: { ...q }, signal }),
  saveRoll: (body: RollSaveValues) => request<AttendanceRoll>(attendancePath.roll, { method: 'PUT', json: body }),
  absences: (signal?: AbortSignal) => requestData<AbsenceList>(attendancePath.absences, { signal }),
  statistics: (month: string, classId: string | null, signal?: AbortSignal) => requestData<AttendanceStatistics>(attendancePath.statistics, { query: { month, ...(classId ? { classId } : {}) }, signal }),
  settings: (signal?: AbortSignal) => requestData<CheckinSettings>(attendancePath.settings, { signal }),
  saveSettings: (body: CheckinSettingsValues) => request<CheckinSettings>(attendancePath.settings, { method: 'PUT', json: body }),
  checkIn: (body: CheckinInput) => request<CheckinRecord>(attendancePath.checkins, { method: 'POST', json: body }),
  /** By face: the capture as multipart `file` (docs/adr/0063-face-recognition.md#check-in). */
  faceCheckIn: (photo: Blob) => request<CheckinRecord>(attendancePath.faceCheckins, { method: 'POST', multipart: captureForm(photo) }),
  sheet: (month: string, signal?: AbortSignal) => requestData<CheckinSheet>(attendancePath.sheet, { query: { month }, signal }),
};
