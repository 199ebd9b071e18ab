import type { TimetableQuery, TimetableScope, TimetableView } from '@schoolflow/contracts';
import type { GridSubject } from './week-grid-model.js';

/**
 * 课表查询's views and their queries (pure). Staff choose among all classes, one class, teacher or room, the class
 * they head, the foreign teachers' and their own; a student or a parent has one view: their own (a parent's chosen
 * child's).
 */
export type InquiryView = TimetableView | 'own';

export function viewsOf(scope: Pick<TimetableScope, 'kind' | 'headOf'>): InquiryView[] {
  if (scope.kind !== 'staff') return ['own'];
  return ['all', 'class', 'teacher', 'classroom', ...(scope.headOf.length > 0 ? (['headTeacher'] as const) : []), 'foreign', 'mine'];
}

/** The view a page opens on: everything for those who make timetables, else one's own. */
export function initialView(scope: Pick<TimetableScope, 'kind' | 'canSchedule'>): InquiryView {
  if (scope.kind !== 'staff') return 'own';
  return scope.canSchedule ? 'all' : 'mine';
}

/** What the pickers hold. */
export interface InquiryPicks {
  classId: string;
  teacherId: string;
  classroomId: string;
  /** The class of the head teacher view, when one heads several ('' = the first). */
  headClassId: string;
  /** A parent's child ('' = the first). */
  studentId: string;
}

export const NO_PICKS: InquiryPicks = { classId: '', teacherId: '', classroomId: '', headClassId: '', studentId: '' };

/** The inquiry's narrowing for a view, or null while the view's picker is empty. */
export function queryOf(view: InquiryView, picks: InquiryPicks, scope: Pick<TimetableScope, 'kind' | 'headOf' | 'students'>): TimetableQuery | null {
  switch (view) {
    case 'all':
      return {};
    case 'class':
      return picks.classId ? { classId: picks.classId } : null;
    case 'teacher':
      return picks.teacherId ? { teacherId: picks.teacherId } : null;
    case 'classroom':
      return picks.classroomId ? { classroomId: picks.classroomId } : null;
    case 'headTeacher': {
      const classId = picks.headClassId || scope.headOf[0]?.id;
      return classId ? { headTeacher: '1', classId } : null;
    }
    case 'foreign':
      return { foreign: '1' };
    case 'mine':
      return { mine: '1' };
    case 'own': {
      if (scope.kind !== 'parent') return {};
      const studentId = picks.studentId || scope.students[0]?.id;
      return studentId ? { studentId } : null;
    }
  }
}

/** The child a parent's link names (`?studentId=`), when it is one of theirs; anyone else's address names none. */
export function childParam(raw: string | null, scope: Pick<TimetableScope, 'kind' | 'students'>): string | null {
  if (scope.kind !== 'parent' || !raw) return null;
  return scope.students.some((s) => s.id === raw) ? raw : null;
}

/** What a view's grids are of, and whether it shows one grid per class or teacher (all classes, the foreign teachers). */
export function gridPlan(view: InquiryView): { by: GridSubject; grouped: boolean } {
  switch (view) {
    case 'all':
      return { by: 'class', grouped: true };
    case 'foreign':
      return { by: 'teacher', grouped: true };
    case 'teacher':
    case 'mine':
      return { by: 'teacher', grouped: false };
    case 'classroom':
      return { by: 'classroom', grouped: false };
    case 'class':
    case 'headTeacher':
    case 'own':
      return { by: 'class', grouped: false };
  }
}

/** The export's file name, as the server names it: `课表-<semester>[-W<week>].xlsx`. */
export function exportFileName(base: string, semester: string, week: number | null): string {
  return `${base}-${semester}${week ? `-W${week}` : ''}.xlsx`.replace(/[\\/:*?"<>|]+/g, ' ');
}
