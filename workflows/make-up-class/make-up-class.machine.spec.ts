import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow, stored } from '../kit/testing.js';
import { makeUpClassFlow } from './make-up-class.flow.js';
import { makeUpClassFormSchema } from './make-up-class.form.js';
import { type MakeUpClassDrafted, type MakeUpClassEvent, makeUpClassMachine } from './make-up-class.machine.js';

const ROUTE = { headTeacher: ['ht'], office: ['off1', 'off2'] };

const drafted = (over: Partial<MakeUpClassDrafted> = {}): MakeUpClassDrafted => ({
  type: 'DRAFT',
  actorId: 'teacher',
  studentId: '',
  studentUserId: null,
  classId: 'class-1',
  className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
  courseId: 'maths',
  courseName: { zh: '数学', en: 'Mathematics' },
  date: '2026-12-05',
  week: 14,
  periods: [3, 4],
  periodNames: [
    { zh: '第3节', en: 'Period 3' },
    { zh: '早读', en: '早读' },
  ],
  startsAt: '2026-12-05T02:00:00.000Z',
  classroomId: 'a101',
  classroomName: 'A101 教室',
  reason: '运动会占用的课时',
  teacherName: '李老师',
  audience: ['stu1', 'parent1'],
  route: ROUTE,
  ...over,
});
const SUBMIT = (actorId = 'teacher'): MakeUpClassEvent => ({ type: 'SUBMIT', actorId });
const given = givenFlow<typeof makeUpClassMachine, MakeUpClassEvent>(makeUpClassFlow);
const at = (minutes: number) => new Date(Date.parse('2026-12-01T09:00:00+08:00') + minutes * 60_000).toISOString();

describe('make-up-class machine: given / when / then', () => {
  it('the start saves a draft (未提交): nobody reviews it, its periods are its own; the form says "save"', () => {
    const s = given().when(drafted()).thenState('draft');
    expect(makeUpClassFlow.status(s)).toEqual({ review: 'unreviewed', extra: 'draft' });
    expect(makeUpClassFlow.assignees(s)).toEqual([]);
    expect(makeUpClassFlow.startEvent).toBe('DRAFT');
    expect(makeUpClassFlow.draft).toBe(true);
    expect(s.context.form.periods).toEqual([3, 4]);
    // the diagram begins with the draft, then the spec's states
    expect(makeUpClassFlow.steps.map((x) => [x.state, x.labelKey])).toEqual([
      ['draft', 'workflow.step.draft'],
      ['headTeacherReview', 'workflow.step.headTeacherReview'],
      ['officeReview', 'workflow.step.officeReview'],
      ['approved', 'workflow.step.approved'],
    ]);
    // no periods: the submission's own rule
    given().when(drafted({ periods: [] })).thenRefused('impossible', 'validation.periodsRequired');
  });

  it('the teacher submits the draft: head teacher → office → passed', () => {
    const ht = given(drafted()).when(SUBMIT()).thenState('headTeacherReview');
    expect(makeUpClassFlow.status(ht)).toEqual({ review: 'unreviewed' });
    expect(makeUpClassFlow.assignees(ht)).toEqual(['ht']);
    const off = given(drafted(), SUBMIT()).when({ type: 'APPROVE', actorId: 'ht' }).thenState('officeReview');
    expect(makeUpClassFlow.assignees(off)).toEqual(['off1', 'off2']);
    const done = given(drafted(), SUBMIT(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved');
    expect(makeUpClassFlow.status(done)).toEqual({ review: 'passed' });
    given(drafted(), SUBMIT(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'REJECT', actorId: 'off1', comment: '当天有统考' }).thenState('rejected');
  });

  it('only its teacher sends or withdraws a draft; nobody approves a draft', () => {
    given(drafted()).when(SUBMIT('ht')).thenRefused('forbidden');
    given(drafted()).when({ type: 'WITHDRAW', actorId: 'ht' }).thenRefused('forbidden');
    given(drafted()).when({ type: 'WITHDRAW', actorId: 'teacher' }).thenState('withdrawn');
    given(drafted()).when({ type: 'APPROVE', actorId: 'ht' }).thenRefused('impossible', 'workflow.draftNotSubmitted');
    given(drafted()).when({ type: 'URGE', actorId: 'teacher', at: at(0) }).thenRefused('impossible', 'workflow.draftNotSubmitted');
    // sent once; a second SUBMIT is not possible
    given(drafted(), SUBMIT()).when(SUBMIT()).thenRefused('impossible', 'workflow.notDraft');
  });

  it('the class’s own head teacher asking: their step passes on by itself (SKIP_STEP), to the office', () => {
    const own = drafted({ actorId: 'ht' });
    // a draft is nobody's step: nothing is skipped until it is sent
    expect(makeUpClassFlow.autoEvent(fold(makeUpClassMachine, stored([own])))).toBeNull();
    const sent = fold(makeUpClassMachine, stored([own, SUBMIT('ht')]));
    expect(stateString(sent.value)).toBe('headTeacherReview');
    expect(makeUpClassFlow.assignees(sent)).toEqual([]);
    expect(makeUpClassFlow.autoEvent(sent)).toEqual({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' });
    given(own, SUBMIT('ht')).when({ type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' }).thenState('officeReview');
    given(own, SUBMIT('ht')).when({ type: 'APPROVE', actorId: 'ht' }).thenRefused('forbidden');
  });

  it('every review step takes the kit’s reject (with a reason), withdraw, urge, transfer and CC', () => {
    given(drafted(), SUBMIT()).when({ type: 'REJECT', actorId: 'ht', comment: ' ' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(drafted(), SUBMIT()).when({ type: 'REJECT', actorId: 'ht', comment: '班会课' }).thenState('rejected');
    given(drafted(), SUBMIT()).when({ type: 'WITHDRAW', actorId: 'teacher' }).thenState('withdrawn');
    given(drafted(), SUBMIT(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' }).when({ type: 'WITHDRAW', actorId: 'teacher' }).thenRefused('impossible', 'workflow.notPending');
    given(drafted(), SUBMIT()).when({ type: 'URGE', actorId: 'teacher', at: at(0) }).thenState('headTeacherReview');
    given(drafted(), SUBMIT(), { type: 'URGE', actorId: 'teacher', at: at(0) }).when({ type: 'URGE', actorId: 'teacher', at: at(30) }).thenRefused('tooSoon', 'workflow.urgedRecently');
    const moved = given(drafted(), SUBMIT()).when({ type: 'TRANSFER', actorId: 'ht', toUserId: 'ht2' }).thenState('headTeacherReview');
    expect(makeUpClassFlow.assignees(moved)).toEqual(['ht2']);
    expect(makeUpClassFlow.stepRoles).toEqual({ headTeacher: 'headteacher', office: 'office' });
    const copied = given(drafted(), SUBMIT()).when({ type: 'CC', actorId: 'teacher', userIds: ['dean'] }).thenState('headTeacherReview');
    expect(makeUpClassFlow.participants(copied.context)).toContain('dean');
  });

  it('nobody decided before its first period began: the engine expires it then — a draft never sent too — not before, not a user, not once decided', () => {
    const draft = given().when(drafted()).thenState('draft');
    expect(makeUpClassFlow.timer(draft)).toEqual({ type: 'EXPIRE', at: '2026-12-05T02:00:00.000Z' });
    const expired = given(drafted()).when({ type: 'EXPIRE', actorId: 'system', at: '2026-12-05T02:00:00.000Z' }).thenState('expired');
    expect(makeUpClassFlow.status(expired)).toEqual({ review: 'rejected', extra: 'expired' });
    expect(makeUpClassFlow.timer(expired)).toBeNull();
    given(drafted()).when({ type: 'EXPIRE', actorId: 'system', at: '2026-12-05T01:59:59.000Z' }).thenRefused('impossible');
    for (const waiting of [[drafted(), SUBMIT()], [drafted(), SUBMIT(), { type: 'APPROVE', actorId: 'ht' }]] as MakeUpClassEvent[][]) {
      expect(makeUpClassFlow.timer(given(...waiting).snapshot)).toEqual({ type: 'EXPIRE', at: '2026-12-05T02:00:00.000Z' });
      given(...waiting).when({ type: 'EXPIRE', actorId: 'system', at: '2026-12-05T03:00:00.000Z' }).thenState('expired');
      given(...waiting).when({ type: 'EXPIRE', actorId: 'ht', at: '2026-12-05T03:00:00.000Z' } as never).thenRefused('impossible');
    }
    const passed = given(drafted(), SUBMIT(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved');
    expect(makeUpClassFlow.timer(passed)).toBeNull();
    given(drafted(), SUBMIT(), { type: 'APPROVE', actorId: 'ht' }, { type: 'APPROVE', actorId: 'off1' }).when({ type: 'EXPIRE', actorId: 'system', at: '2026-12-05T03:00:00.000Z' }).thenRefused('impossible');
    // a request saved before its time was recorded has none: it never expires by itself
    const { startsAt: _none, ...older } = drafted();
    expect(makeUpClassFlow.timer(given().when(older as MakeUpClassDrafted).thenState('draft'))).toBeNull();
    given(older as MakeUpClassDrafted).when({ type: 'EXPIRE', actorId: 'system', at: '2027-01-01T00:00:00.000Z' }).thenRefused('impossible');
    expect(makeUpClassFlow.commandTypes).not.toContain('EXPIRE');
  });

  it('the pages show its periods by the names it kept, in both languages (the numbers’ names for a request that kept none)', () => {
    expect(makeUpClassFlow.formView({ ...drafted() }).periods).toEqual([
      { zh: '第3节', en: 'Period 3' },
      { zh: '早读', en: '早读' },
    ]);
    const { periodNames: _names, ...older } = drafted();
    expect(makeUpClassFlow.formView({ ...older }).periods).toEqual([
      { zh: '第3节', en: 'Period 3' },
      { zh: '第4节', en: 'Period 4' },
    ]);
  });

  it('the form: a class, a course, a date, periods once each in order, a reason; the room may be left to the class', () => {
    const ok = { classId: '00000000-0000-4000-8000-000000000001', courseId: '00000000-0000-4000-8000-000000000002', date: '2026-12-05', periods: ['4', 3, 4], reason: ' 运动会 ' };
    const parsed = makeUpClassFormSchema.parse({ ...ok, classroomId: '' });
    expect([parsed.periods, parsed.reason, parsed.classroomId]).toEqual([[3, 4], '运动会', undefined]);
    const fail = (f: Record<string, unknown>) => makeUpClassFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, periods: [] })).toEqual(['periods:validation.periodsRequired']);
    expect(fail({ ...ok, periods: undefined })).toEqual(['periods:validation.periodsRequired']);
    expect(fail({ ...ok, periods: [0] })).toEqual(['periods.0:validation.periodInvalid']);
    expect(fail({ ...ok, date: '2026-02-30' })).toEqual(['date:validation.dateInvalid']);
    expect(fail({ ...ok, classId: 'x' })).toEqual(['classId:validation.classRequired']);
    expect(fail({ ...ok, classroomId: 'room 1' })).toEqual(['classroomId:validation.classroomRequired']);
    expect(makeUpClassFormSchema.parse({ ...ok, classroomId: null }).classroomId).toBeUndefined();
    expect(fail({ ...ok, reason: '' })).toEqual(['reason:validation.makeUpReasonRequired']);
  });
});

describe('make-up-class machine: every path', () => {
  const actors = ['teacher', 'ht', 'off1', 'outsider'];
  const events: MakeUpClassEvent[] = [
    drafted(),
    drafted({ actorId: 'ht' }),
    drafted({ periods: [] }),
    ...actors.flatMap((a): MakeUpClassEvent[] => [
      { type: 'SUBMIT', actorId: a },
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'no' },
      { type: 'WITHDRAW', actorId: a },
    ]),
    { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' },
    { type: 'EXPIRE', actorId: 'system', at: '2026-12-05T03:00:00.000Z' },
  ];
  const paths = everyPath(makeUpClassFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);

  it('reaches every state; a decision is always the step reviewer’s, never the applicant’s', () => {
    expectReviewPaths(makeUpClassFlow, paths, ['approved', 'draft', 'expired', 'headTeacherReview', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });

  it('on every path: only the applicant sends the draft; nothing is reviewed before it is sent; the head teacher’s own request skips their step', () => {
    for (const p of paths) {
      for (const { before, event, after } of p.steps) {
        if (event.type === 'SUBMIT') {
          expect(stateString(before.value)).toBe('draft');
          expect(event.actorId).toBe(after.context.applicantId);
        }
        if (event.type === 'APPROVE' || event.type === 'REJECT') expect(stateString(before.value)).not.toBe('draft');
        if (event.type === 'SKIP_STEP') expect(after.context.applicantId).toBe('ht');
      }
      if (stateString(p.end.value) === 'approved') expect(p.steps.some((s) => s.event.type === 'SUBMIT')).toBe(true);
    }
  });
});
