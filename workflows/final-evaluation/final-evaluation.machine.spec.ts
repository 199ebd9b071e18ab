import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '../engine/flow.js';
import { everyPath, givenFlow, stored } from '../kit/testing.js';
import { finalEvaluationFlow } from './final-evaluation.flow.js';
import { type EvaluationSubmitted, type FinalEvaluationEvent, finalEvaluationMachine, isVisibleToFamilies, openObjections } from './final-evaluation.machine.js';

/**
 * 高一(1)班's results in round r1: head teacher `ht`, office `off1`/`off2`; student s1 (account `stu1`, parent `par1`),
 * student s2 (account `stu2`). The publicity ends at noon of a fixed day (the rule's spec counts the school days).
 */
const ENDS = '2026-12-01T00:00:00.000Z';
const before = (minutes: number) => new Date(Date.parse(ENDS) - minutes * 60_000).toISOString();
const after = (minutes: number) => new Date(Date.parse(ENDS) + minutes * 60_000).toISOString();
const FACTS = { families: { stu1: ['s1'], par1: ['s1'], stu2: ['s2'] }, publicityDays: 5, publicityEndsAt: ENDS, missing: 0 };

const submitted = (over: Partial<EvaluationSubmitted> = {}): EvaluationSubmitted => ({
  type: 'SUBMIT',
  actorId: 'ht',
  roundId: 'r1',
  roundName: { zh: '2026学年第一学期期末评价', en: 'Term 1 final evaluation' },
  classId: 'c1',
  className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
  headTeacherId: 'ht',
  route: { headTeacher: ['ht'], office: ['off1', 'off2'] },
  ...FACTS,
  ...over,
});
const resubmit = (actorId = 'ht', missing = 0): FinalEvaluationEvent => ({ type: 'SUBMIT', actorId, ...FACTS, missing });
const object = (actorId: string, studentId = 's1', comment = '综合素质的艺术等级与实际不符'): FinalEvaluationEvent => ({
  type: 'OBJECT',
  actorId,
  studentId,
  at: before(60),
  comment,
});
const answer = (actorId: string, objection = 1, comment = '已核对艺术节获奖记录，等级改为A'): FinalEvaluationEvent => ({
  type: 'ANSWER',
  actorId,
  objection,
  at: before(30),
  comment,
});
const end = (at = after(0), actorId = 'system'): FinalEvaluationEvent => ({ type: 'PUBLICITY_END', actorId, at });
const approve = (actorId: string): FinalEvaluationEvent => ({ type: 'APPROVE', actorId });
const reject = (actorId: string, comment?: string): FinalEvaluationEvent => ({ type: 'REJECT', actorId, ...(comment === undefined ? {} : { comment }) });
const withdraw = (actorId: string): FinalEvaluationEvent => ({ type: 'WITHDRAW', actorId });

const given = givenFlow<typeof finalEvaluationMachine, FinalEvaluationEvent>(finalEvaluationFlow);
const objected = [submitted(), object('par1')] as FinalEvaluationEvent[];
const inReview = [submitted(), end()] as FinalEvaluationEvent[];
const returned = [...inReview, reject('off1', '评语过于简略')] as FinalEvaluationEvent[];

describe('final-evaluation machine: given / when / then', () => {
  it('the head teacher submits a complete class: the publicity begins, visible to the families, nobody to act yet', () => {
    const s = given().when(submitted()).thenState('publicity');
    expect(finalEvaluationFlow.status(s)).toEqual({ review: 'pending' });
    expect(finalEvaluationFlow.assignees(s)).toEqual([]);
    expect(finalEvaluationFlow.timer(s)).toEqual({ type: 'PUBLICITY_END', at: ENDS });
    expect(s.context).toMatchObject({ applicantId: 'ht', headTeacherId: 'ht', roundId: 'r1', classId: 'c1', submissions: 1, publicityDays: 5 });
    expect(finalEvaluationFlow.participants(s.context)).toEqual(['ht', 'off1', 'off2', 'stu1', 'par1', 'stu2']);
    expect(isVisibleToFamilies(finalEvaluationFlow.stateOf(s))).toBe(true);
  });

  it('a submission: only the class’s head teacher, and only with every student’s results and comment', () => {
    given().when(submitted({ missing: 2 })).thenRefused('impossible', 'evaluations.final.errors.incomplete');
    given().when(submitted({ actorId: 'off1' })).thenRefused('forbidden');
    given().when(submitted({ actorId: 'teacher', headTeacherId: 'teacher' })).thenRefused('forbidden');
    // not the head teacher comes first: an outsider's incomplete class is "not yours", not "incomplete"
    given().when(submitted({ actorId: 'x', missing: 3 })).thenRefused('forbidden');
    given(submitted()).when(resubmit()).thenRefused('impossible', 'evaluations.final.errors.notEditable');
  });

  it('during the publicity a student or a parent objects for their own child, with a reason; the head teacher then has a task', () => {
    const s = given(submitted()).when(object('par1')).thenState('publicity');
    expect(openObjections(s.context)).toMatchObject([{ no: 1, by: 'par1', studentId: 's1', answer: null }]);
    expect(finalEvaluationFlow.assignees(s)).toEqual(['ht']);
    given(submitted()).when(object('stu1')).thenState('publicity');
    given(submitted()).when(object('stu2', 's2')).thenState('publicity');
    // not for another family's child, not by staff or outsiders
    given(submitted()).when(object('stu2', 's1')).thenRefused('forbidden');
    given(submitted()).when(object('par1', 's2')).thenRefused('forbidden');
    given(submitted()).when(object('ht')).thenRefused('forbidden');
    given(submitted()).when(object('off1')).thenRefused('forbidden');
    given(submitted()).when(object('x')).thenRefused('forbidden');
    // a reason is required
    given(submitted()).when(object('par1', 's1', '  ')).thenRefused('impossible', 'evaluations.final.errors.objectionNeedsText');
    given(submitted()).when({ type: 'OBJECT', actorId: 'par1', studentId: 's1', at: before(60) }).thenRefused('impossible', 'evaluations.final.errors.objectionNeedsText');
  });

  it('only the head teacher answers, an open objection, with text; then nobody has a task until the days are over', () => {
    const s = given(...objected).when(answer('ht')).thenState('publicity');
    expect(s.context.objections[0]).toMatchObject({ answer: '已核对艺术节获奖记录，等级改为A', answeredBy: 'ht' });
    expect(finalEvaluationFlow.assignees(s)).toEqual([]);
    given(...objected).when(answer('off1')).thenRefused('forbidden');
    given(...objected).when(answer('par1')).thenRefused('forbidden');
    given(...objected).when(answer('ht', 1, ' ')).thenRefused('impossible', 'evaluations.final.errors.answerNeedsText');
    given(...objected).when(answer('ht', 2)).thenRefused('impossible', 'evaluations.final.errors.noSuchObjection');
    given(...objected, answer('ht')).when(answer('ht')).thenRefused('impossible', 'evaluations.final.errors.noSuchObjection');
  });

  it('nobody answers their own objection: a head teacher who is a parent in the class objects, and may not answer it', () => {
    const own = submitted({ families: { ...FACTS.families, ht: ['s2'] } });
    given(own).when(object('ht', 's2')).thenState('publicity');
    given(own, object('ht', 's2')).when(answer('ht')).thenRefused('forbidden');
  });

  it('the office may not confirm while the publicity runs; the engine ends it when its school days are over, not before', () => {
    given(submitted()).when(approve('off1')).thenRefused('impossible', 'evaluations.final.errors.publicityRunning');
    given(submitted()).when(reject('off1', 'no')).thenRefused('impossible', 'evaluations.final.errors.publicityRunning');
    given(submitted()).when(end(before(1))).thenRefused('impossible');
    given(submitted()).when(end(after(0), 'off1')).thenRefused('impossible');
    const s = given(submitted()).when(end()).thenState('review');
    expect(finalEvaluationFlow.assignees(s)).toEqual(['off1', 'off2']);
    expect(finalEvaluationFlow.timer(s)).toBeNull();
    expect(finalEvaluationFlow.commandTypes).not.toContain('PUBLICITY_END');
  });

  it('the office confirms once every objection has its answer: published; nothing moves it any more', () => {
    given(...objected, end()).when(approve('off1')).thenRefused('impossible', 'evaluations.final.errors.objectionsOpen');
    // an objection still heard after the days, until the office decides; the head teacher is asked to answer
    const late = given(...inReview).when(object('stu2', 's2')).thenState('review');
    expect(finalEvaluationFlow.assignees(late)).toEqual(['off1', 'off2', 'ht']);
    given(...objected, end(), answer('ht')).when(approve('off2')).thenState('published');
    const s = given(...inReview).when(approve('off1')).thenState('published');
    expect(finalEvaluationFlow.status(s)).toEqual({ review: 'passed' });
    expect(s.status).toBe('done');
    given(...inReview, approve('off1')).when(object('par1')).thenRefused('impossible', 'evaluations.final.errors.published');
    given(...inReview, approve('off1')).when(resubmit()).thenRefused('impossible', 'evaluations.final.errors.published');
  });

  it('nobody confirms their own class: the head teacher in the office is left out of the step; nor anyone outside it', () => {
    const own = submitted({ route: { headTeacher: ['ht'], office: ['ht', 'off1'] } });
    const s = given(own).when(end()).thenState('review');
    expect(finalEvaluationFlow.assignees(s)).toEqual(['off1']);
    given(own, end()).when(approve('ht')).thenRefused('forbidden');
    given(...inReview).when(approve('ht')).thenRefused('forbidden');
    given(...inReview).when(approve('par1')).thenRefused('forbidden');
  });

  it('the office returns it with a reason; the head teacher submits again: a new publicity with the new facts', () => {
    given(...inReview).when(reject('off1')).thenRefused('impossible', 'workflow.rejectNeedsReason');
    const s = given(...inReview).when(reject('off1', '评语过于简略')).thenState('editing.returned');
    expect(finalEvaluationFlow.status(s)).toEqual({ review: 'rejected', extra: 'returned' });
    expect(finalEvaluationFlow.assignees(s)).toEqual(['ht']);
    expect(isVisibleToFamilies(finalEvaluationFlow.stateOf(s))).toBe(false);
    given(...returned).when(resubmit('ht', 1)).thenRefused('impossible', 'evaluations.final.errors.incomplete');
    given(...returned).when(resubmit('off1')).thenRefused('forbidden');
    const again = given(...returned).when(resubmit()).thenState('publicity');
    expect(again.context.submissions).toBe(2);
  });

  it('the head teacher takes it back before the office decides; nobody else', () => {
    given(submitted()).when(withdraw('ht')).thenState('editing.draft');
    given(...inReview).when(withdraw('ht')).thenState('editing.draft');
    given(submitted()).when(withdraw('off1')).thenRefused('forbidden');
    given(submitted()).when(withdraw('par1')).thenRefused('forbidden');
    given(...inReview, approve('off1')).when(withdraw('ht')).thenRefused('impossible');
  });

  it('the head teacher urges the office once an hour, in review only', () => {
    const urge = (minutes: number): FinalEvaluationEvent => ({ type: 'URGE', actorId: 'ht', at: after(minutes) });
    given(...inReview).when(urge(0)).thenState('review');
    given(...inReview, urge(0)).when(urge(10)).thenRefused('tooSoon', 'workflow.urgedRecently');
    given(...inReview).when({ type: 'URGE', actorId: 'par1', at: after(0) }).thenRefused('forbidden');
  });

  it('users send the commands; the publicity’s end is the engine’s; the probe of a family’s objection names their child', () => {
    expect(finalEvaluationFlow.commandTypes).toEqual(['SUBMIT', 'OBJECT', 'ANSWER', 'APPROVE', 'REJECT', 'WITHDRAW', 'URGE']);
    expect(finalEvaluationFlow.refusal(fold(finalEvaluationMachine, stored([submitted()])), { type: 'CANCEL_LEAVE', actorId: 'ht' })).toEqual({
      kind: 'impossible',
      reason: 'workflow.unknownAction',
    });
    expect(finalEvaluationFlow.commandData('OBJECT', { comment: 'x' }, 'Asia/Shanghai')).toEqual({ invalid: 'validation.fieldChoose' });
    expect(finalEvaluationFlow.commandData('ANSWER', { objection: 'a' }, 'Asia/Shanghai')).toEqual({ invalid: 'validation.fieldChoose' });
    expect(finalEvaluationFlow.commandData('OBJECT', { studentId: '7d3c1a52-94a6-4b55-9a0e-3e0d6f2f7b10', comment: 'x'.repeat(501) }, 'Asia/Shanghai')).toEqual({ invalid: 'validation.commentTooLong' });
  });
});

describe('final-evaluation machine: every path (xstate graph traversal)', () => {
  const actors = ['ht', 'off1', 'par1', 'stu2'];
  const events: FinalEvaluationEvent[] = [
    submitted(),
    submitted({ missing: 1 }),
    end(),
    end(before(5)),
    ...actors.flatMap((a): FinalEvaluationEvent[] => [resubmit(a), object(a), object(a, 's2'), answer(a), approve(a), reject(a, 'r'), withdraw(a)]),
  ];
  // objections only as "some raised, some open": each new one would be a new state without end
  const paths = everyPath(finalEvaluationFlow, events, (s) => `${stateString(s.value)}|${s.context.objections.length > 0}|${openObjections(s.context).length > 0}`);

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => stateString(p.end.value)))).toEqual(new Set(['new', 'publicity', 'review', 'published', 'editing.draft', 'editing.returned']));
  });

  it('on every path: published only by the office after the days, all answered; objections by families, answers by the head teacher', () => {
    for (const path of paths) {
      for (const { before: b, event, after: a } of path.steps) {
        if (event.type === 'OBJECT') expect(b.context.families[event.actorId]).toContain(event.studentId);
        if (event.type === 'ANSWER') expect(event.actorId).toBe(b.context.headTeacherId);
        if (event.type === 'APPROVE') {
          expect(stateString(b.value)).toBe('review');
          expect(b.context.route.office).toContain(event.actorId);
          expect(event.actorId).not.toBe(b.context.headTeacherId);
          expect(openObjections(a.context)).toEqual([]);
        }
        if (stateString(a.value) === 'review' && stateString(b.value) === 'publicity') expect(event).toMatchObject({ type: 'PUBLICITY_END', actorId: 'system' });
      }
    }
  });
});
