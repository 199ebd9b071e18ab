import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { gradeProofFlow } from './grade-proof.flow.js';
import { type GradeProofEvent, gradeProofMachine, type GradeProofSubmitted } from './grade-proof.machine.js';

// The proofs share the kit's form and chain (its form is specified in reading-proof's spec); this is grade-proof's story.
const submitted = (over: Partial<GradeProofSubmitted> = {}): GradeProofSubmitted => ({
  type: 'SUBMIT',
  actorId: 'stu',
  studentId: 's1',
  studentUserId: 'stu',
  purpose: '申请夏令营',
  language: 'zh',
  route: { office: ['off1'] },
  ...over,
});
const given = givenFlow<typeof gradeProofMachine, GradeProofEvent>(gradeProofFlow);

describe('grade-proof machine: given / when / then', () => {
  it('a student asks for themself; the office passes it or says why not; the student may withdraw until then', () => {
    const waiting = given().when(submitted()).thenState('officeReview');
    expect(gradeProofFlow.assignees(waiting)).toEqual(['off1']);
    expect(gradeProofFlow.participants(waiting.context)).toEqual(['stu', 'off1']);
    const done = given(submitted()).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved');
    expect(done.context.form).toEqual({ purpose: '申请夏令营', language: 'zh' });
    given(submitted()).when({ type: 'REJECT', actorId: 'off1', comment: '本学期成绩尚未发布' }).thenState('rejected');
    given(submitted()).when({ type: 'REJECT', actorId: 'off1' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'stu' }).thenState('withdrawn');
    given(submitted(), { type: 'APPROVE', actorId: 'off1' }).when({ type: 'WITHDRAW', actorId: 'stu' }).thenRefused('impossible');
    given(submitted()).when({ type: 'APPROVE', actorId: 'stu' }).thenRefused('forbidden');
  });
});

describe('grade-proof machine: every path', () => {
  const events: GradeProofEvent[] = [
    submitted(),
    submitted({ actorId: 'off1' }),
    ...['stu', 'off1', 'outsider'].flatMap((a): GradeProofEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'no' },
      { type: 'WITHDRAW', actorId: a },
    ]),
  ];
  it('reaches every state; a decision is always the office’s, never the applicant’s', () => {
    const paths = everyPath(gradeProofFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);
    expectReviewPaths(gradeProofFlow, paths, ['approved', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });
});
