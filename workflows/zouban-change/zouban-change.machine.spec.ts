import { describe, expect, it } from '@jest/globals';
import { givenFlow } from '../kit/testing.js';
import { zoubanChangeFlow } from './zouban-change.flow.js';
import { zoubanChangeFormSchema } from './zouban-change.form.js';
import { type ZoubanChangeEvent, zoubanChangeMachine, type ZoubanChangeSubmitted } from './zouban-change.machine.js';

const W = '00000000-0000-4000-8000-0000000000a1';
const C = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c3'];
const asked = (over: Partial<ZoubanChangeSubmitted> = {}): ZoubanChangeSubmitted => ({
  type: 'SUBMIT',
  actorId: 'stu',
  studentId: 's1',
  studentUserId: 'stu',
  windowId: W,
  windowName: '2026 走班',
  courseIds: C,
  combination: '历史+政治+地理',
  was: '物理+化学+生物',
  reason: '更喜欢文科',
  route: { headTeacher: ['ht'], office: ['off'] },
  ...over,
});
const given = givenFlow<typeof zoubanChangeMachine, ZoubanChangeEvent>(zoubanChangeFlow);

describe('zouban-change machine: given / when / then', () => {
  it('head teacher → office → passed, the asked combination kept for the effect', () => {
    given().when(asked()).thenState('headTeacherReview');
    const done = given(asked(), { type: 'APPROVE', actorId: 'ht' }).when({ type: 'APPROVE', actorId: 'off' }).thenState('approved');
    expect(zoubanChangeFlow.status(done)).toEqual({ review: 'passed' });
    expect(done.context.form).toMatchObject({ windowId: W, courseIds: C });
  });

  it('a rejection at either step ends it; a request without courses is refused', () => {
    given(asked()).when({ type: 'REJECT', actorId: 'ht', comment: '不同意' }).thenState('rejected');
    given().when(asked({ courseIds: [] })).thenRefused('impossible', 'class-walking.validation.choiceRequired');
  });

  it('the form needs a window, at least one course and a reason of at most 200 characters', () => {
    expect(zoubanChangeFormSchema.safeParse({ windowId: W, courseIds: C, reason: ' 想换 ' }).data?.reason).toBe('想换');
    expect(zoubanChangeFormSchema.safeParse({ windowId: W, courseIds: [], reason: 'x' }).success).toBe(false);
    expect(zoubanChangeFormSchema.safeParse({ windowId: W, courseIds: C, reason: 'x'.repeat(201) }).error?.issues[0]?.message).toBe('class-walking.validation.reasonTooLong');
  });
});
