import { ApiPath, gradesPath, type MyStudent, type PublishedScore, type ResourceOption } from '@schoolflow/contracts';
import { requestBlob, requestData } from '../../api/http.js';

/** A query string of the values given (requestBlob takes no query object). */
function withQuery(path: string, query: Record<string, string>): string {
  const q = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '')).toString();
  return q ? `${path}?${q}` : path;
}

/** The class reports job's answer when it is started. */
export interface ClassReportsJob {
  jobId: string;
  total: number;
}

/** Query keys of the report page, under the grades pages' `grades` (a publish or a resync refreshes them too). */
export const reportKeys = {
  all: ['grades', 'report'] as const,
  mine: ['grades', 'report', 'mine'] as const,
  published: (studentId: string, semesterId: string) => ['grades', 'report', 'published', studentId, semesterId] as const,
  classes: (lang: string) => ['grades', 'report', 'classes', lang] as const,
  students: (classId: string, lang: string) => ['grades', 'report', 'students', classId, lang] as const,
};

/** The report page's calls (docs/product/grades.md#final-report) under BASE_API. */
export const reportClient = {
  /** My own student record and my children. */
  mine(signal?: AbortSignal): Promise<MyStudent[]> {
    return requestData<MyStudent[]>(ApiPath.myStudents, { signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  /** A student's published scores (all semesters unless one is given). */
  published(studentId: string, semesterId: string, signal?: AbortSignal): Promise<PublishedScore[]> {
    return requestData<PublishedScore[]>(gradesPath.published, { query: { studentId, semesterId }, signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  /** The classes whose reports I may make. */
  classes(signal?: AbortSignal): Promise<ResourceOption[]> {
    return requestData<ResourceOption[]>(`${gradesPath.report}/classes`, { signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  students(classId: string, signal?: AbortSignal): Promise<MyStudent[]> {
    return requestData<MyStudent[]>(`${gradesPath.report}/students`, { query: { classId }, signal }).then((list) => (Array.isArray(list) ? list : []));
  },

  /** One student's semester report (PDF); no semester: the current one. */
  report(studentId: string, semesterId: string): Promise<Blob> {
    return requestBlob(withQuery(gradesPath.report, { studentId, semesterId }));
  },

  startClassReports(classId: string, semesterId: string): Promise<ClassReportsJob> {
    return requestData<ClassReportsJob>(gradesPath.classReports, { method: 'POST', json: semesterId ? { classId, semesterId } : { classId } });
  },

  classReportsFile(jobId: string): Promise<Blob> {
    return requestBlob(gradesPath.classReportFile(encodeURIComponent(jobId)));
  },
};
