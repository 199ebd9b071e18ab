import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '@schoolflow/workflows';
import { finalEvaluationMachine } from '@schoolflow/workflows/final-evaluation/final-evaluation.machine.js';
import { CLOCK, planned } from '../shared/start-testing.js';
import { type FinalEvaluationRead, planFinalEvaluationStart } from './final-evaluation.start.js';

const FORM = { roundId: 'r1', classId: 'c1' };
const read = (over: Partial<FinalEvaluationRead> = {}): FinalEvaluationRead => ({
  round_name: '期末评价',
  round_name_en: '期末评价',
  in_round: true,
  class_name: '高一(1)班',
  class_name_en: 'Grade 10 Class 1',
  head_teacher_id: 'ht',
  families: [
    { student_id: 's1', user_id: 'stu1', guardians: ['par1'] },
    { student_id: 's2', user_id: 'stu2', guardians: ['par1', 'par2'] },
  ],
  office: ['off1'],
  admin: ['adm'],
  days_a_week: 5,
  missing: 0,
  ...over,
});

/** given what was read / when the head teacher submits / then the plan or the refusal. */
const given = (r: Partial<FinalEvaluationRead> = {}) => ({
  when: (actor = 'ht', days = 5) => planned(() => planFinalEvaluationStart(FORM, read(r), actor, days, CLOCK)),
});

describe('a class’s final-term submission: given what was read / when submitted / then', () => {
  it('the families (a guardian of two children speaks for both), the office, and the notice’s end in school days', () => {
    const plan = given().when().thenPlanned();
    expect(plan.data).toMatchObject({
      roundId: 'r1',
      classId: 'c1',
      className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
      headTeacherId: 'ht',
      route: { headTeacher: ['ht'], office: ['off1'] },
      families: { stu1: ['s1'], par1: ['s1', 's2'], stu2: ['s2'], par2: ['s2'] },
      publicityDays: 5,
      // Monday 2026-11-23 09:00 → five school days → Tuesday 1 December 00:00
      publicityEndsAt: new Date('2026-12-01T00:00:00+08:00').toISOString(),
      missing: 0,
    });
    expect(plan).toMatchObject({ studentId: null, owners: ['ht'], refusals: { wf_instance_final_evaluation_key: 'evaluations.final.errors.alreadySubmitted' } });
    expect(plan.reviewers).toEqual(['off1', 'stu1', 'par1', 'stu2', 'par2']);
  });

  it('what it plans is a submission the machine takes', () => {
    const { data } = given().when().thenPlanned();
    expect(stateString(fold(finalEvaluationMachine, [{ type: 'SUBMIT', data: { ...data, actorId: 'ht' } }]).value)).toBe('publicity');
  });

  it('only the class’s head teacher; a round or class one cannot name is not found', () => {
    given().when('teacher').thenRefused(403, 'evaluations.final.errors.notHeadTeacher');
    given({ round_name: null }).when().thenRefused(404, 'notFound');
    given({ in_round: false }).when().thenRefused(404, 'notFound');
  });

  it('nobody confirms their own class: administrators stand in when the head teacher is the office', () => {
    expect(given({ office: ['ht'] }).when().thenPlanned().data.route).toEqual({ headTeacher: ['ht'], office: ['ht', 'adm'] });
  });
});
