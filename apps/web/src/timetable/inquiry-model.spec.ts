import { describe, expect, it } from '@jest/globals';
import { childParam, exportFileName, gridPlan, initialView, NO_PICKS, queryOf, viewsOf } from './inquiry-model.js';
import type { TimetableScope } from '@schoolflow/contracts';

const staff: TimetableScope = { kind: 'staff', canSchedule: false, headOf: [{ id: 'c1', name: '高一(1)班' }], students: [] };
const parent: TimetableScope = {
  kind: 'parent',
  canSchedule: false,
  headOf: [],
  students: [
    { id: 's1', name: '张三', classId: 'c1', className: '高一(1)班' },
    { id: 's2', name: '张四', classId: 'c3', className: '高二(1)班' },
  ],
};

describe('the inquiry’s views', () => {
  it('offers staff every view (the head teacher’s only to one who heads a class), a student or a parent their own', () => {
    expect(viewsOf(staff)).toEqual(['all', 'class', 'teacher', 'classroom', 'headTeacher', 'foreign', 'mine']);
    expect(viewsOf({ ...staff, headOf: [] })).not.toContain('headTeacher');
    expect(viewsOf(parent)).toEqual(['own']);
    expect(initialView(staff)).toBe('mine');
    expect(initialView({ ...staff, canSchedule: true })).toBe('all');
    expect(initialView(parent)).toBe('own');
  });

  it('asks what each view needs, nothing while its picker is empty', () => {
    expect(queryOf('all', NO_PICKS, staff)).toEqual({});
    expect(queryOf('class', NO_PICKS, staff)).toBeNull();
    expect(queryOf('class', { ...NO_PICKS, classId: 'c2' }, staff)).toEqual({ classId: 'c2' });
    expect(queryOf('teacher', { ...NO_PICKS, teacherId: 't' }, staff)).toEqual({ teacherId: 't' });
    expect(queryOf('classroom', { ...NO_PICKS, classroomId: 'r' }, staff)).toEqual({ classroomId: 'r' });
    expect(queryOf('headTeacher', NO_PICKS, staff)).toEqual({ headTeacher: '1', classId: 'c1' });
    expect(queryOf('foreign', NO_PICKS, staff)).toEqual({ foreign: '1' });
    expect(queryOf('mine', NO_PICKS, staff)).toEqual({ mine: '1' });
    expect(queryOf('own', NO_PICKS, { ...parent, kind: 'student' })).toEqual({});
    expect(queryOf('own', NO_PICKS, parent)).toEqual({ studentId: 's1' });
    expect(queryOf('own', { ...NO_PICKS, studentId: 's2' }, parent)).toEqual({ studentId: 's2' });
    expect(queryOf('own', NO_PICKS, { ...parent, students: [] })).toBeNull();
  });

  it('draws a grid per class for all classes, per teacher for the foreign teachers, one grid otherwise', () => {
    expect(gridPlan('all')).toEqual({ by: 'class', grouped: true });
    expect(gridPlan('foreign')).toEqual({ by: 'teacher', grouped: true });
    expect(gridPlan('mine')).toEqual({ by: 'teacher', grouped: false });
    expect(gridPlan('classroom')).toEqual({ by: 'classroom', grouped: false });
    expect(gridPlan('own')).toEqual({ by: 'class', grouped: false });
  });

  it('names the export as the server does', () => {
    expect(exportFileName('课表', '2026-2027学年第一学期', 13)).toBe('课表-2026-2027学年第一学期-W13.xlsx');
    expect(exportFileName('Timetable', '2026-2027 semester 1', null)).toBe('Timetable-2026-2027 semester 1.xlsx');
  });

  it('takes a parent’s child from a link only when it is one of theirs', () => {
    expect(childParam('s2', parent)).toBe('s2');
    expect(childParam('someone-else', parent)).toBeNull();
    expect(childParam(null, parent)).toBeNull();
    expect(childParam('s2', { ...staff, students: parent.students })).toBeNull();
  });
});
