import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { proofFormSchema } from '../kit/proof.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { readingProofFlow } from './reading-proof.flow.js';
import { type ReadingProofEvent, readingProofMachine, type ReadingProofSubmitted } from './reading-proof.machine.js';

const submitted = (over: Partial<ReadingProofSubmitted> = {}): ReadingProofSubmitted => ({
  type: 'SUBMIT',
  actorId: 'parent',
  studentId: 's1',
  studentUserId: 'stu',
  purpose: '办理签证',
  language: 'en',
  route: { office: ['off1', 'off2'] },
  ...over,
});
const given = givenFlow<typeof readingProofMachine, ReadingProofEvent>(readingProofFlow);

describe('reading-proof machine: given / when / then', () => {
  it('the office decides in one step; the purpose and language are kept for the certificate', () => {
    const s = given().when(submitted()).thenState('officeReview');
    expect(readingProofFlow.status(s)).toEqual({ review: 'unreviewed' });
    expect(readingProofFlow.assignees(s)).toEqual(['off1', 'off2']);
    const done = given(submitted()).when({ type: 'APPROVE', actorId: 'off2' }).thenState('approved');
    expect(readingProofFlow.status(done)).toEqual({ review: 'passed' });
    expect(done.context.form).toEqual({ purpose: '办理签证', language: 'en' });
    // the student and the guardian may read it, and both offices
    expect(readingProofFlow.participants(done.context)).toEqual(['parent', 'stu', 'off1', 'off2']);
  });

  it('a language other than Chinese or English is refused; a rejection needs a reason; only the applicant withdraws', () => {
    given().when(submitted({ language: 'fr' as 'en' })).thenRefused('impossible', 'validation.proofLanguageInvalid');
    given(submitted()).when({ type: 'REJECT', actorId: 'off1' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(submitted()).when({ type: 'REJECT', actorId: 'off1', comment: '学籍信息待核实' }).thenState('rejected');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'off1' }).thenRefused('forbidden');
    given(submitted()).when({ type: 'WITHDRAW', actorId: 'parent' }).thenState('withdrawn');
    given(submitted()).when({ type: 'APPROVE', actorId: 'outsider' }).thenRefused('forbidden');
  });

  it('the form: a purpose of at most 100 characters, zh or en', () => {
    const ok = { purpose: '办理签证', language: 'zh' };
    expect(proofFormSchema.safeParse(ok).success).toBe(true);
    const fail = (f: Record<string, unknown>) => proofFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, purpose: '  ' })).toEqual(['purpose:validation.proofPurposeRequired']);
    expect(fail({ ...ok, purpose: '证'.repeat(101) })).toEqual(['purpose:validation.proofPurposeTooLong']);
    expect(fail({ ...ok, language: 'fr' })).toEqual(['language:validation.proofLanguageInvalid']);
    expect(fail({ purpose: '办理签证' })).toEqual(['language:validation.proofLanguageInvalid']);
  });
});

describe('reading-proof machine: every path', () => {
  const events: ReadingProofEvent[] = [
    submitted(),
    submitted({ actorId: 'off1' }),
    ...['parent', 'off1', 'off2', 'outsider'].flatMap((a): ReadingProofEvent[] => [
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'no' },
      { type: 'WITHDRAW', actorId: a },
    ]),
  ];
  const paths = everyPath(readingProofFlow, events, (s) => `${stateString(s.value)}|${s.context.applicantId}`);
  it('reaches every state; a decision is always an office reviewer’s who is not the applicant', () => {
    expectReviewPaths(readingProofFlow, paths, ['approved', 'new', 'officeReview', 'rejected', 'withdrawn']);
  });
});
