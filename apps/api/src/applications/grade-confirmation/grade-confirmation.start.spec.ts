import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '@schoolflow/workflows';
import { gradeConfirmationMachine } from '@schoolflow/workflows/grade-confirmation/grade-confirmation.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { planned } from '../shared/start-testing.js';
import { createPlugin } from './grade-confirmation.plugin.js';
import { type GradeConfirmationStartRead, type GradeSheetStart, planGradeConfirmationStart } from './grade-confirmation.start.js';

const sheet = (over: Partial<GradeSheetStart> = {}): GradeSheetStart => ({
  batch: { id: 'b1', name: '期中考试' },
  classId: 'c1',
  className: '高一(1)班',
  classNameEn: 'Grade 10 Class 1',
  courseId: 'math',
  courseName: '数学',
  courseNameEn: 'Mathematics',
  teacherId: 't',
  ...over,
});

/** given the reviewers read / when a sheet is planned / then the plan. */
const given = (read: GradeConfirmationStartRead = { holders: ['lead', 'off1'], admins: ['adm'] }) => ({
  when: (s: GradeSheetStart = sheet()) => planned(() => planGradeConfirmationStart(s, read)),
});

describe('a grade sheet’s start: given the reviewers / when planned / then', () => {
  it('the teacher enters it, the grade leaders and the office review it', () => {
    expect(given().when().thenPlanned()).toEqual({
      data: {
        batchId: 'b1',
        batchName: '期中考试',
        classId: 'c1',
        className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
        courseId: 'math',
        courseName: { zh: '数学', en: 'Mathematics' },
        teacherId: 't',
        route: { teacher: ['t'], reviewer: ['lead', 'off1'] },
      },
      studentId: null,
      applicantId: 't',
      owners: [],
      reviewers: ['t', 'lead', 'off1'],
      attachments: [],
    });
  });

  it('what it plans is an opening the machine takes', () => {
    const { data } = given().when().thenPlanned();
    expect(stateString(fold(gradeConfirmationMachine, [{ type: 'OPEN', data: { ...data, actorId: 'system' } }]).value)).toBe('entering.draft');
  });

  it('names without an English one are the Chinese ones', () => {
    expect(given().when(sheet({ classNameEn: '', courseNameEn: '' })).thenPlanned().data).toMatchObject({ className: { zh: '高一(1)班', en: '高一(1)班' }, courseName: { zh: '数学', en: '数学' } });
  });

  it('a teacher never reviews their own sheet: a grade leader who teaches it is left out', () => {
    expect(given({ holders: ['t', 'off1'], admins: ['adm'] }).when().thenPlanned()).toMatchObject({ data: { route: { reviewer: ['off1'] } }, reviewers: ['t', 'off1'] });
  });

  it('administrators stand in when that leaves nobody (the teacher the only holder, or no holder at all)', () => {
    expect(given({ holders: ['t'], admins: ['adm'] }).when().thenPlanned().data.route).toEqual({ teacher: ['t'], reviewer: ['adm'] });
    expect(given({ holders: [], admins: ['adm', 't'] }).when().thenPlanned().data.route).toEqual({ teacher: ['t'], reviewer: ['adm'] });
  });

  it('nobody starts one by hand: the plugin’s start refuses (the engine opens sheets with a batch)', () => {
    const plugin = createPlugin();
    planned(() => plugin.buildStart({}, {} as Principal, {} as Prepared)).thenRefused(422, 'workflow.startedByEngine');
  });
});
