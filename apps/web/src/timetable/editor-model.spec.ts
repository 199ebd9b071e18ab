import { describe, expect, it } from '@jest/globals';
import type { EditorOptions, Lesson } from '@schoolflow/contracts';
import { busyRooms, changedCells, courseCounts, defaultRoom, draftClashes, draftOf, otherLessonName, placeBody, refusedClashes, type Section } from './editor-model.js';
import { cellKey } from './week-grid-model.js';

const CLASS: Section = { kind: 'class', id: 'c1' };
const lesson = (over: Partial<Lesson>): Lesson => ({
  id: `${over.weekday ?? 1}-${over.period ?? 1}-${over.classId ?? 'c1'}`,
  date: null,
  weekday: 1,
  period: 1,
  courseId: 'math',
  courseName: '数学',
  courseColour: '#1677ff',
  teacherId: 'chen',
  teacherName: '陈老师',
  classId: 'c1',
  className: '高一(1)班',
  teachingClassId: null,
  classroomId: 'r101',
  classroomName: '101',
  ...over,
});

describe('the grid editor model', () => {
  const mine = [lesson({ weekday: 1, period: 1 }), lesson({ weekday: 1, period: 2, courseId: 'chn', teacherId: 'li' }), lesson({ weekday: 2, period: 1, classId: null, teachingClassId: 'tc', className: '物理A层' })];

  it('reads the class’s own lessons as the draft and finds what changed', () => {
    const saved = draftOf(mine, CLASS);
    expect([...saved.keys()]).toEqual(['1:1', '1:2']);
    const draft = new Map(saved);
    draft.set('3:4', { courseId: 'math', teacherId: 'chen', classroomId: 'r101' });
    draft.delete('1:2');
    draft.set('1:1', { courseId: 'math', teacherId: 'chen', classroomId: 'gym' });
    expect(changedCells(saved, draft)).toEqual(['1:1', '1:2', '3:4']);
    expect(changedCells(saved, new Map(saved))).toEqual([]);
  });

  it('saves the whole week, Monday first, as the server takes it', () => {
    const draft = new Map([
      ['2:3', { courseId: 'math', teacherId: 'chen', classroomId: null }],
      ['1:5', { courseId: 'chn', teacherId: 'li', classroomId: 'r101' }],
    ]);
    expect(placeBody('tt', CLASS, draft)).toEqual({
      timetableId: 'tt',
      classId: 'c1',
      lessons: [
        { weekday: 1, period: 5, courseId: 'chn', teacherId: 'li', classroomId: 'r101' },
        { weekday: 2, period: 3, courseId: 'math', teacherId: 'chen', classroomId: null },
      ],
    });
    expect(placeBody('tt', { kind: 'teachingClass', id: 'tc' }, new Map())).toEqual({ timetableId: 'tt', teachingClassId: 'tc', lessons: [] });
  });

  it('marks a teacher busy elsewhere, a room taken and a class taught twice — not the class’s own lessons it replaces', () => {
    const others = [
      lesson({ weekday: 1, period: 1 }), // the class's own: replaced by the draft
      lesson({ weekday: 3, period: 2, classId: 'c2', className: '高一(2)班' }), // 陈老师 teaches 高一(2)班 then
      lesson({ weekday: 4, period: 1, classId: 'c2', className: '高一(2)班', teacherId: 'wang', classroomId: 'gym' }), // the gym is taken
      lesson({ weekday: 5, period: 1, classId: null, teachingClassId: 'tc', className: '物理A层', teacherId: 'zhao', classroomId: 'lab' }), // students of the class are there
      lesson({ weekday: 2, period: 2, classId: 'c2', teacherId: 'wang', classroomId: 'r102' }), // nothing in common
    ];
    const draft = new Map([
      [cellKey(1, 1), { courseId: 'math', teacherId: 'chen', classroomId: 'r101' }],
      [cellKey(3, 2), { courseId: 'math', teacherId: 'chen', classroomId: 'r101' }],
      [cellKey(4, 1), { courseId: 'pe', teacherId: 'zhou', classroomId: 'gym' }],
      [cellKey(5, 1), { courseId: 'chn', teacherId: 'li', classroomId: 'r101' }],
      [cellKey(2, 2), { courseId: 'chn', teacherId: 'li', classroomId: 'r101' }],
    ]);
    const found = draftClashes(draft, CLASS, others, new Set(['tc']));
    expect([...found].map(([k, c]) => [k, c.map((x) => x.kind)])).toEqual([
      ['3:2', ['teacher']],
      ['4:1', ['room']],
      ['5:1', ['class']],
    ]);
    expect(otherLessonName(found.get('3:2')?.[0]?.with ?? lesson({}))).toBe('高一(2)班 数学 陈老师');
    // without knowing the teaching class shares students, it is no clash
    expect(draftClashes(draft, CLASS, others).has('5:1')).toBe(false);
  });

  const options: EditorOptions = {
    courses: [
      { courseId: 'math', courseName: '数学', courseColour: '#1677ff', teacherId: 'chen', teacherName: '陈老师', periods: 5, roomType: null },
      { courseId: 'pe', courseName: '体育', courseColour: '#52c41a', teacherId: 'zhou', teacherName: '周老师', periods: 2, roomType: 'gym' },
    ],
    rooms: [
      { id: 'r101', name: '101', type: 'ordinary', seats: 50 },
      { id: 'gym-small', name: '小体育馆', type: 'gym', seats: 20 },
      { id: 'gym', name: '体育馆', type: 'gym', seats: 99 },
      { id: 'gym2', name: '风雨操场', type: 'gym', seats: 99 },
    ],
    homeRoomId: 'r101',
    size: 30,
  };

  it('places a course in the class’s room, or in a free room of the type it needs that seats the class', () => {
    expect(defaultRoom({ roomType: null }, options, new Set())).toBe('r101');
    expect(defaultRoom({ roomType: 'gym' }, options, new Set())).toBe('gym');
    expect(defaultRoom({ roomType: 'gym' }, options, new Set(['gym']))).toBe('gym2');
    expect(defaultRoom({ roomType: 'gym' }, options, new Set(['gym', 'gym2']))).toBe('gym');
    expect(defaultRoom({ roomType: 'lab' }, options, new Set())).toBe('r101');
    const others = [lesson({ weekday: 2, period: 3, classId: 'c2', classroomId: 'gym' }), lesson({ weekday: 2, period: 3, classroomId: 'r101' })];
    expect([...busyRooms(others, CLASS, 2, 3)]).toEqual(['gym']);
  });

  it('counts each course’s periods placed of those needed', () => {
    const draft = new Map([
      ['1:1', { courseId: 'math', teacherId: 'chen', classroomId: 'r101' }],
      ['1:2', { courseId: 'math', teacherId: 'chen', classroomId: 'r101' }],
    ]);
    expect(courseCounts(options.courses, draft).map((c) => [c.courseId, c.placed, c.needed])).toEqual([
      ['math', 2, 5],
      ['pe', 0, 2],
    ]);
  });

  it('marks the cells a refused save names, with the server’s words', () => {
    const data = { clashes: [{ weekday: 3, period: 2, kind: 'teacher', with: {}, text: '上课时间冲突：星期三第 2 节，教师已有课（高一(2)班 数学 陈老师）' }, { weekday: 'x' }, null] };
    expect([...refusedClashes(data)]).toEqual([['3:2', ['上课时间冲突：星期三第 2 节，教师已有课（高一(2)班 数学 陈老师）']]]);
    expect(refusedClashes(null).size).toBe(0);
    expect(refusedClashes({ clashes: 'no' }).size).toBe(0);
  });
});
