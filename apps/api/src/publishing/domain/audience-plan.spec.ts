import { describe, expect, it } from '@jest/globals';
import { audienceSchema } from '@schoolflow/contracts';
import { audiencePlan, hasGroups } from './audience-plan.js';
import { POST_KIND_DECLARATIONS } from './post-kinds.js';

const C1 = '11111111-1111-4111-8111-111111111111';
const U1 = '22222222-2222-4222-8222-222222222222';

describe('audience plan', () => {
  it('groups give their students by default, not staff or parents', () => {
    const out = audiencePlan({ classIds: [C1, C1] }, POST_KIND_DECLARATIONS.notice);
    expect(out).toEqual({ plan: { school: false, grades: [], classIds: [C1], teachingClassIds: [], roles: [], userIds: [], groupStudents: true, groupStaff: false, parents: false } });
    expect(hasGroups((out as { plan: Parameters<typeof hasGroups>[0] }).plan)).toBe(true);
  });

  it('reads the flags: parents only, with staff', () => {
    const out = audiencePlan({ school: true, students: false, parents: true, staff: true }, POST_KIND_DECLARATIONS.notice);
    expect(out).toMatchObject({ plan: { school: true, groupStudents: false, groupStaff: true, parents: true } });
  });

  it('keeps each kind to its selectors: homework to classes and teaching classes, performance to named students', () => {
    expect(audiencePlan({ school: true }, POST_KIND_DECLARATIONS.homework)).toEqual({ notAllowed: 'school' });
    expect(audiencePlan({ roles: ['teacher'] }, POST_KIND_DECLARATIONS.homework)).toEqual({ notAllowed: 'roles' });
    expect(audiencePlan({ teachingClassIds: [C1] }, POST_KIND_DECLARATIONS.homework)).toHaveProperty('plan');
    expect(audiencePlan({ classIds: [C1] }, POST_KIND_DECLARATIONS.performance)).toEqual({ notAllowed: 'classIds' });
    const perf = audiencePlan({ userIds: [U1], parents: true }, POST_KIND_DECLARATIONS.performance);
    expect(perf).toMatchObject({ plan: { userIds: [U1], parents: true } });
    expect(hasGroups((perf as { plan: Parameters<typeof hasGroups>[0] }).plan)).toBe(false);
  });

  it('the shared schema refuses an audience that names nobody, and unknown keys', () => {
    expect(audienceSchema.safeParse({}).success).toBe(false);
    expect(audienceSchema.safeParse({ parents: true }).success).toBe(false);
    expect(audienceSchema.safeParse({ classIds: [] }).success).toBe(false);
    expect(audienceSchema.safeParse({ school: false }).success).toBe(false);
    expect(audienceSchema.safeParse({ school: true, everyone: true }).success).toBe(false);
    expect(audienceSchema.safeParse({ grades: [10, 11] }).success).toBe(true);
    expect(audienceSchema.safeParse({ grades: [13] }).success).toBe(false);
  });
});
