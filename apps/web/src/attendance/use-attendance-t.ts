import type { AttendanceMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type AttendanceKey = MessageKey<AttendanceMessages>;

export const attendanceText = namespaceText<AttendanceMessages>('attendance');

/** 考勤's texts (`a`) and the web kit's, re-rendering the caller when the language changes. */
export const useAttendanceT = namespaceHook('a', attendanceText);
