import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow, stored } from '../kit/testing.js';
import { gradeConfirmationFlow } from './grade-confirmation.flow.js';
import { type GradeConfirmationEvent, gradeConfirmationMachine, isSheetEditable, type SheetOpened } from './grade-confirmation.machine.js';

/** The engine opens the sheet of 高一(1)班's mathematics for teacher `t`; `lead` (a grade leader) and the office review it. */
const opened = (over: Partial<SheetOpened> = {}): SheetOpened => ({
  type: 'OPEN',
  actorId: 'system',
  batchId: 'b1',
  batchName: '期中考试',
  classId: 'c1',
  className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
  courseId: 'math',
  courseName: { zh: '数学', en: 'Mathematics' },
  teacherId: 't',
  route: { teacher: ['t'], reviewer: ['lead', 'off1'] },
  ...over,
});
/** The teacher of the sheet is also one of its reviewers (a grade leader who teaches the class). */
const ownReviewer = () => opened({ route: { teacher: ['t'], reviewer: ['t', 'off1'] } });

const submit = (actorId = 't', missing = 0): GradeConfirmationEvent => ({ type: 'SUBMIT', actorId, missing });
const approve = (actorId: string): GradeConfirmationEvent => ({ type: 'APPROVE', actorId });
const reject = (actorId: string, comment?: string): GradeConfirmationEvent => ({ type: 'REJECT', actorId, ...(comment === undefined ? {} : { comment }) });
const withdraw = (actorId: string): GradeConfirmationEvent => ({ type: 'WITHDRAW', actorId });
const at = (minutes: number) => new Date(Date.parse('2026-11-23T09:00:00+08:00') + minutes * 60_000).toISOString();
const urge = (actorId: string, minutes: number): GradeConfirmationEvent => ({ type: 'URGE', actorId, at: at(minutes) });

const given = givenFlow<typeof gradeConfirmationMachine, GradeConfirmationEvent>(gradeConfirmationFlow);
const inReview = [opened(), submit()] as GradeConfirmationEvent[];
const returned = [...inReview, reject('lead', '第3题分数有误')] as GradeConfirmationEvent[];
const passed = [...inReview, approve('off1')] as GradeConfirmationEvent[];

describe('grade-confirmation machine: given / when / then', () => {
  it('only the engine opens a sheet: it is then the teacher’s to enter, unreviewed, and names its subject', () => {
    const s = given().when(opened()).thenState('entering.draft');
    expect(gradeConfirmationFlow.status(s)).toEqual({ review: 'unreviewed' });
    expect(gradeConfirmationFlow.assignees(s)).toEqual(['t']);
    expect(gradeConfirmationFlow.currentStep(s)).toBe('teacher');
    expect(s.context).toMatchObject({ applicantId: 't', teacherId: 't', batchId: 'b1', classId: 'c1', courseId: 'math', returns: 0 });
    expect(gradeConfirmationFlow.participants(s.context)).toEqual(['t', 'lead', 'off1']);
    expect(isSheetEditable(gradeConfirmationFlow.stateOf(s))).toBe(true);
    // a user's OPEN: not theirs to do (the server refuses a user's start before it reaches the machine, too)
    given().when(opened({ actorId: 't' })).thenRefused('forbidden');
    given().when(opened({ actorId: 'off1' })).thenRefused('forbidden');
    // and once open, it is not opened again
    given(opened()).when(opened()).thenRefused('impossible', 'workflow.notPossible');
  });

  it('the teacher submits a complete sheet: to review, pending with the reviewers; the sheet is no longer editable', () => {
    const s = given(opened()).when({ type: 'SUBMIT', actorId: 't', missing: 0, comment: '已核对' }).thenState('review');
    expect(gradeConfirmationFlow.status(s)).toEqual({ review: 'pending' });
    expect(gradeConfirmationFlow.assignees(s)).toEqual(['lead', 'off1']);
    expect(gradeConfirmationFlow.currentStep(s)).toBe('reviewer');
    expect(s.context.lastComment).toBe('已核对');
    expect(isSheetEditable(gradeConfirmationFlow.stateOf(s))).toBe(false);
  });

  it('a submission: only the sheet’s teacher, and only with every row filled', () => {
    given(opened()).when(submit('t', 3)).thenRefused('impossible', 'grades.errors.sheetIncomplete');
    given(opened()).when(submit('t', 1)).thenRefused('impossible', 'grades.errors.sheetIncomplete');
    given(opened()).when(submit('lead')).thenRefused('forbidden');
    given(opened()).when(submit('off1')).thenRefused('forbidden');
    // not the teacher comes first: an outsider's incomplete sheet is "not yours", not "incomplete"
    given(opened()).when(submit('outsider', 5)).thenRefused('forbidden');
    given(...returned).when(submit('t', 2)).thenRefused('impossible', 'grades.errors.sheetIncomplete');
  });

  it('a reviewer passes it: passed, final, locked — SUBMIT then says the sheet is locked', () => {
    const s = given(...inReview).when(approve('lead')).thenState('passed');
    expect(gradeConfirmationFlow.status(s)).toEqual({ review: 'passed' });
    expect(gradeConfirmationFlow.assignees(s)).toEqual([]);
    expect(s.status).toBe('done');
    expect(isSheetEditable(gradeConfirmationFlow.stateOf(s))).toBe(false);
    given(...inReview).when(approve('off1')).thenState('passed');
    given(...passed).when(submit()).thenRefused('impossible', 'grades.errors.sheetLocked');
    // a sheet in review refuses a second submission the same way
    given(...inReview).when(submit()).thenRefused('impossible', 'grades.errors.sheetLocked');
    // nothing else moves a passed sheet
    given(...passed).when(reject('lead', 'late')).thenRefused('impossible', 'workflow.notPending');
    given(...passed).when(withdraw('t')).thenRefused('impossible', 'workflow.notPending');
    given(...passed).when(approve('off1')).thenRefused('impossible', 'workflow.notPending');
    given(...passed).when(urge('t', 0)).thenRefused('impossible', 'workflow.notPending');
  });

  it('a rejection needs a reason and gives the sheet back to its teacher, editable, marked returned', () => {
    given(...inReview).when(reject('lead')).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(...inReview).when(reject('lead', '   ')).thenRefused('impossible', 'workflow.rejectNeedsReason');
    const s = given(...inReview).when(reject('lead', ' 第3题分数有误 ')).thenState('entering.returned');
    expect(gradeConfirmationFlow.status(s)).toEqual({ review: 'rejected', extra: 'returned' });
    expect(gradeConfirmationFlow.assignees(s)).toEqual(['t']);
    expect(s.context.lastComment).toBe('第3题分数有误');
    expect(s.context.returns).toBe(1);
    expect(isSheetEditable(gradeConfirmationFlow.stateOf(s))).toBe(true);
    // the teacher fixes it and submits again; a second return counts
    const again = given(...returned).when(submit()).thenState('review');
    expect(gradeConfirmationFlow.status(again)).toEqual({ review: 'pending' });
    const twice = given(...returned, submit()).when(reject('off1', '仍有缺考未标记')).thenState('entering.returned');
    expect(twice.context.returns).toBe(2);
    given(...returned, submit()).when(approve('lead')).thenState('passed');
  });

  it('only a reviewer decides, never the teacher — not even a teacher who is also a reviewer', () => {
    given(...inReview).when(approve('t')).thenRefused('forbidden');
    given(...inReview).when(reject('t', 'mine')).thenRefused('forbidden');
    given(...inReview).when(approve('outsider')).thenRefused('forbidden');
    given(...inReview).when(reject('outsider', 'no')).thenRefused('forbidden');
    // the teacher is in the reviewer route: they drop out of it, the others decide
    const s = given(ownReviewer()).when(submit()).thenState('review');
    expect(gradeConfirmationFlow.assignees(s)).toEqual(['off1']);
    given(ownReviewer(), submit()).when(approve('t')).thenRefused('forbidden');
    given(ownReviewer(), submit()).when(reject('t', 'mine')).thenRefused('forbidden');
    given(ownReviewer(), submit()).when(approve('off1')).thenState('passed');
    // while entering nobody decides yet
    given(opened()).when(approve('lead')).thenRefused('impossible', 'workflow.notPending');
    given(opened()).when(reject('lead', 'no')).thenRefused('impossible', 'workflow.notPending');
  });

  it('the teacher may take a submitted sheet back before anyone decides: editable again, unreviewed; nobody else may', () => {
    const s = given(...inReview).when(withdraw('t')).thenState('entering.draft');
    expect(gradeConfirmationFlow.status(s)).toEqual({ review: 'unreviewed' });
    expect(gradeConfirmationFlow.assignees(s)).toEqual(['t']);
    expect(isSheetEditable(gradeConfirmationFlow.stateOf(s))).toBe(true);
    given(...inReview).when(withdraw('lead')).thenRefused('forbidden');
    given(...inReview).when(withdraw('outsider')).thenRefused('forbidden');
    given(opened()).when(withdraw('t')).thenRefused('impossible', 'workflow.notPending');
    given(...returned).when(withdraw('t')).thenRefused('impossible', 'workflow.notPending');
    given(...inReview, withdraw('t')).when(submit()).thenState('review');
  });

  it('the teacher urges the reviewers once an hour per sheet, while it is in review; the step stays', () => {
    const s = given(...inReview).when(urge('t', 0)).thenState('review');
    expect(s.context.lastUrgedAt).toBe(at(0));
    expect(gradeConfirmationFlow.assignees(s)).toEqual(['lead', 'off1']);
    given(...inReview, urge('t', 0)).when(urge('t', 59)).thenRefused('tooSoon', 'workflow.urgedRecently');
    given(...inReview, urge('t', 0)).when(urge('t', 60)).thenState('review');
    // the hour is the sheet's, not the submission's
    given(...inReview, urge('t', 0), withdraw('t'), submit()).when(urge('t', 30)).thenRefused('tooSoon', 'workflow.urgedRecently');
    given(...inReview).when(urge('lead', 0)).thenRefused('forbidden');
    given(...inReview).when(urge('outsider', 0)).thenRefused('forbidden');
    given(opened()).when(urge('t', 0)).thenRefused('impossible', 'workflow.notPending');
    given(...returned).when(urge('t', 0)).thenRefused('impossible', 'workflow.notPending');
  });

  it('转办: a reviewer hands the review to someone new, who alone decides; not to the teacher, nor to a reviewer already there', () => {
    const s = given(...inReview).when({ type: 'TRANSFER', actorId: 'lead', toUserId: 'off2' }).thenState('review');
    expect(gradeConfirmationFlow.assignees(s)).toEqual(['off2']);
    expect(gradeConfirmationFlow.participants(s.context)).toContain('off2');
    given(...inReview, { type: 'TRANSFER', actorId: 'lead', toUserId: 'off2' }).when(approve('lead')).thenRefused('forbidden');
    given(...inReview, { type: 'TRANSFER', actorId: 'lead', toUserId: 'off2' }).when(approve('off2')).thenState('passed');
    given(...inReview).when({ type: 'TRANSFER', actorId: 't', toUserId: 'off2' }).thenRefused('forbidden');
    given(...inReview).when({ type: 'TRANSFER', actorId: 'outsider', toUserId: 'off2' }).thenRefused('forbidden');
    given(...inReview).when({ type: 'TRANSFER', actorId: 'lead', toUserId: 't' }).thenRefused('impossible', 'workflow.transferPointless');
    given(...inReview).when({ type: 'TRANSFER', actorId: 'lead', toUserId: 'off1' }).thenRefused('impossible', 'workflow.transferPointless');
    given(...inReview).when({ type: 'TRANSFER', actorId: 'lead', toUserId: 'lead' }).thenRefused('impossible', 'workflow.transferPointless');
    // the teacher's own step is not handed on, and a decided sheet has nobody to hand it to
    given(opened()).when({ type: 'TRANSFER', actorId: 't', toUserId: 'off2' }).thenRefused('impossible', 'workflow.notPending');
    given(...passed).when({ type: 'TRANSFER', actorId: 'lead', toUserId: 'off2' }).thenRefused('impossible', 'workflow.notPending');
    expect(gradeConfirmationFlow.stepRoles).toEqual({ reviewer: 'office' });
  });

  it('抄送: the teacher or a reviewer copies people while entering or in review; nobody else; not once passed', () => {
    const s = given(opened()).when({ type: 'CC', actorId: 't', userIds: ['ht'] }).thenState('entering.draft');
    expect(s.context.cc).toEqual(['ht']);
    expect(gradeConfirmationFlow.participants(s.context)).toContain('ht');
    const r = given(...inReview, { type: 'CC', actorId: 't', userIds: ['ht'] }).when({ type: 'CC', actorId: 'off1', userIds: ['ht', 'pr'] }).thenState('review');
    expect(r.context.cc).toEqual(['ht', 'pr']);
    given(opened()).when({ type: 'CC', actorId: 'outsider', userIds: ['x'] }).thenRefused('forbidden');
    given(opened(), { type: 'CC', actorId: 't', userIds: ['ht'] }).when({ type: 'CC', actorId: 'ht', userIds: ['x'] }).thenRefused('forbidden');
    given(...passed).when({ type: 'CC', actorId: 't', userIds: ['ht'] }).thenRefused('impossible', 'workflow.notPending');
  });

  it('users send only the commands; OPEN is the engine’s, an unknown action is refused as such', () => {
    expect(gradeConfirmationFlow.commandTypes).toEqual(['SUBMIT', 'APPROVE', 'REJECT', 'WITHDRAW', 'URGE', 'TRANSFER', 'CC']);
    expect(gradeConfirmationFlow.apply.bySystem).toBe(true);
    expect(gradeConfirmationFlow.apply.roles).toEqual([]);
    expect(gradeConfirmationFlow.refusal(fold(gradeConfirmationMachine, stored(inReview)), { type: 'CANCEL_LEAVE', actorId: 't' })).toEqual({
      kind: 'impossible',
      reason: 'workflow.unknownAction',
    });
    // the probe a client sends to ask whether SUBMIT is possible: a complete sheet
    expect(gradeConfirmationFlow.probe('SUBMIT', 't', fold(gradeConfirmationMachine, stored([opened()])))).toEqual({ type: 'SUBMIT', actorId: 't', missing: 0 });
  });

  it('the states’ review statuses, as every list shows them', () => {
    const status = (...events: GradeConfirmationEvent[]) => gradeConfirmationFlow.status(fold(gradeConfirmationMachine, stored(events)));
    expect(status(opened())).toEqual({ review: 'unreviewed' });
    expect(status(...returned)).toEqual({ review: 'rejected', extra: 'returned' });
    expect(status(...inReview)).toEqual({ review: 'pending' });
    expect(status(...passed)).toEqual({ review: 'passed' });
    expect(gradeConfirmationFlow.steps.map((s) => [s.state, s.labelKey])).toEqual([
      ['new', 'workflow.step.gradeOpened'],
      ['entering', 'workflow.step.gradeEntering'],
      ['review', 'workflow.step.gradeReview'],
      ['passed', 'workflow.step.gradePassed'],
    ]);
  });

  it('the form users see names the sheet, without its route', () => {
    const { type: _type, ...data } = opened();
    expect(gradeConfirmationFlow.formView(data)).toEqual({
      batchId: 'b1',
      batchName: '期中考试',
      classId: 'c1',
      className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
      courseId: 'math',
      courseName: { zh: '数学', en: 'Mathematics' },
      teacherId: 't',
    });
  });
});

describe('grade-confirmation machine: every path (xstate graph traversal)', () => {
  const actors = ['t', 'lead', 'off1', 'outsider'];
  const events: GradeConfirmationEvent[] = [
    opened(),
    ownReviewer(),
    opened({ actorId: 't' }),
    ...actors.flatMap((a): GradeConfirmationEvent[] => [
      submit(a),
      submit(a, 2),
      approve(a),
      reject(a),
      reject(a, 'reason'),
      withdraw(a),
      urge(a, 0),
      { type: 'TRANSFER', actorId: a, toUserId: 'off2' },
      { type: 'TRANSFER', actorId: a, toUserId: 't' },
      { type: 'CC', actorId: a, userIds: ['ht'] },
    ]),
  ];
  // returns and the last comment are left out: a sheet may go round review ↔ returned without end
  const paths = everyPath(
    gradeConfirmationFlow,
    events,
    (s) => `${stateString(s.value)}|${JSON.stringify(s.context.route)}|${s.context.lastUrgedAt ?? ''}|${s.context.cc.join()}`,
  );

  it('reaches every state; a decision is always a reviewer’s who is not the teacher', () => {
    expect(paths.length).toBeGreaterThan(20);
    expectReviewPaths(gradeConfirmationFlow, paths, ['new', 'entering.draft', 'entering.returned', 'review', 'passed']);
  });

  it('on every path: the engine opened it; only the teacher submits, complete, withdraws and urges; rejections carry a reason and return it editable; a passed sheet was approved last', () => {
    for (const path of paths) {
      for (const { before, event, after } of path.steps) {
        const from = stateString(before.value);
        const to = stateString(after.value);
        if (event.type === 'OPEN') expect(event.actorId).toBe('system');
        if (event.type === 'SUBMIT') {
          expect(before.context.route.teacher).toContain(event.actorId);
          expect(event.missing).toBe(0);
          expect(isSheetEditable(from)).toBe(true);
          expect(to).toBe('review');
        }
        if (event.type === 'WITHDRAW' || event.type === 'URGE') expect(event.actorId).toBe(after.context.teacherId);
        if (event.type === 'WITHDRAW') expect(to).toBe('entering.draft');
        if (event.type === 'REJECT') {
          expect(String(event.comment).trim()).not.toBe('');
          expect(to).toBe('entering.returned');
          expect(after.context.returns).toBe(before.context.returns + 1);
        }
        if (event.type === 'TRANSFER') {
          expect(gradeConfirmationFlow.assignees(before)).toContain(event.actorId);
          expect(event.toUserId).not.toBe(after.context.teacherId);
          expect(gradeConfirmationFlow.assignees(after)).toEqual([event.toUserId]);
          expect(to).toBe(from);
        }
        if (event.type === 'CC') expect(event.actorId === before.context.teacherId || Object.values(before.context.route).flat().includes(event.actorId)).toBe(true);
        // editable exactly while entering; the teacher is then the only assignee
        if (isSheetEditable(to)) expect(gradeConfirmationFlow.assignees(after)).toEqual(after.context.route.teacher);
      }
      if (stateString(path.end.value) === 'passed') {
        const last = path.steps[path.steps.length - 1];
        expect(last?.event.type).toBe('APPROVE');
        expect(last?.event.actorId).not.toBe(path.end.context.teacherId);
      }
    }
  });
});
