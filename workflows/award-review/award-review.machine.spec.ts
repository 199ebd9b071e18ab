import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { awardReviewFlow } from './award-review.flow.js';
import { awardReviewFormSchema } from './award-review.form.js';
import { type AwardReviewEvent, awardReviewMachine, type AwardReviewSubmitted } from './award-review.machine.js';

const PIC = '00000000-0000-4000-8000-0000000000aa';
const reported = (over: Partial<AwardReviewSubmitted> = {}): AwardReviewSubmitted => ({
  type: 'SUBMIT',
  actorId: 'stu',
  studentId: 's1',
  studentUserId: 'stu',
  recipient: 'student',
  kind: 'contest',
  contestId: null,
  title: '全国中学生数学联赛',
  level: 'national',
  prize: '一等奖',
  awardedOn: '2026-11-01',
  certificates: [PIC],
  remark: null,
  route: { headTeacher: ['ht'], office: ['off1', 'off2'] },
  ...over,
});
/** A teacher's report: no class, so nobody at the head teacher's step. */
const teacherReported = (over: Partial<AwardReviewSubmitted> = {}) =>
  reported({ actorId: 'tea', studentId: null, studentUserId: null, recipient: 'teacher', route: { headTeacher: [], office: ['off1', 'off2'] }, ...over });
const given = givenFlow<typeof awardReviewMachine, AwardReviewEvent>(awardReviewFlow);

describe('award-review machine: given / when / then', () => {
  it('a student’s report: head teacher → office → passed; the award is kept for the effect', () => {
    given().when(reported()).thenState('headTeacherReview');
    const atOffice = given(reported()).when({ type: 'APPROVE', actorId: 'ht' }).thenState('officeReview');
    expect(awardReviewFlow.status(atOffice)).toEqual({ review: 'pending' });
    const done = given(reported(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved');
    expect(awardReviewFlow.status(done)).toEqual({ review: 'passed' });
    expect(done.context.form).toMatchObject({ recipient: 'student', level: 'national', prize: '一等奖', certificates: [PIC] });
    expect(done.context.studentId).toBe('s1');
  });

  it('a teacher’s report goes to the office at once; the diagram leaves out the head teacher', () => {
    const s = given().when(teacherReported()).thenState('officeReview');
    const head = awardReviewFlow.steps.find((x) => x.state === 'headTeacherReview');
    expect(head?.shown?.(s.context)).toBe(false);
    expect(head?.shown?.(given().when(reported()).thenState('headTeacherReview').context)).toBe(true);
    given(teacherReported()).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved');
  });

  it('a school-level award is never reported: the start is refused with the level’s message', () => {
    given().when(reported({ level: 'school' })).thenRefused('impossible', 'validation.awardLevelAboveSchool');
  });

  it('nobody reviews their own report, nor a step not theirs; rejections need a reason; only the reporter withdraws', () => {
    // an office member reporting their own award: the office's other members decide, never the reporter
    given(teacherReported({ actorId: 'off1' })).when({ type: 'APPROVE', actorId: 'off1' }).thenRefused('forbidden');
    given(teacherReported({ actorId: 'off1' })).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved');
    given(reported()).when({ type: 'APPROVE', actorId: 'off1' }).thenRefused('forbidden');
    given(reported()).when({ type: 'APPROVE', actorId: 'stu' }).thenRefused('forbidden');
    given(reported()).when({ type: 'REJECT', actorId: 'ht' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    const rejected = given(reported(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'REJECT', actorId: 'off1', comment: '证书不清晰' }).thenState('rejected');
    expect(awardReviewFlow.status(rejected)).toEqual({ review: 'rejected' });
    given(reported()).when({ type: 'WITHDRAW', actorId: 'ht' }).thenRefused('forbidden');
    given(reported()).when({ type: 'WITHDRAW', actorId: 'stu' }).thenState('withdrawn');
  });

  it('the form: a kind, a contest or a title, a level above school, a prize, a date, a certificate', () => {
    const ok = { kind: 'contest', title: '市青少年科技创新大赛', level: 'city', prize: '二等奖', awardedOn: '2026-10-20', certificates: [PIC] };
    expect(awardReviewFormSchema.safeParse(ok).success).toBe(true);
    const fail = (f: Record<string, unknown>) => awardReviewFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, level: 'school' })).toEqual(['level:validation.awardLevelAboveSchool']);
    expect(fail({ ...ok, title: undefined })).toEqual(['title:validation.awardTitleRequired']);
    expect(fail({ ...ok, title: undefined, contestId: PIC })).toBeUndefined();
    expect(fail({ ...ok, certificates: [] })).toEqual(['certificates:validation.awardCertificateRequired']);
    expect(fail({ ...ok, prize: ' ' })).toEqual(['prize:validation.awardPrizeRequired']);
    expect(fail({ ...ok, awardedOn: '2026-02-30' })).toEqual(['awardedOn:validation.dateInvalid']);
    expect(fail({ ...ok, kind: 'other' })).toEqual(['kind:validation.awardKindInvalid']);
  });
});

describe('award-review machine: every path (xstate graph traversal)', () => {
  const actors = ['stu', 'tea', 'ht', 'off1', 'outsider'];
  const events: AwardReviewEvent[] = [
    reported(),
    teacherReported(),
    reported({ level: 'school' }),
    ...actors.flatMap((a): AwardReviewEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'reason' },
      { type: 'WITHDRAW', actorId: a },
    ]),
    { type: 'SKIP_STEP', actorId: 'system', reason: 'applicant_is_reviewer' },
  ];
  const paths = everyPath(awardReviewFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}|${JSON.stringify(s.context.route)}`);

  it('reaches every state; decisions come only from each step’s reviewers, never the reporter', () => {
    expectReviewPaths(awardReviewFlow, paths, ['approved', 'headTeacherReview', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });

  it('a teacher’s report never waits at the head teacher’s step, and passes with the office', () => {
    // the first step is the machine's own start (xstate.init), the second the report
    const byTeacher = paths.filter((p) => p.steps[1]?.event.actorId === 'tea');
    for (const p of byTeacher) for (const s of p.steps) expect(stateString(s.after.value)).not.toBe('headTeacherReview');
    expect(byTeacher.filter((p) => stateString(p.end.value) === 'approved').map((p) => p.steps.slice(1).map((s) => `${s.event.type}:${s.event.actorId}`))).toEqual([['SUBMIT:tea', 'APPROVE:off1']]);
  });
});
