import { describe, expect, it } from '@jest/globals';
import type { ResolverOptions } from 'react-hook-form';
import { type Draft, emptyDraft, resolver, toBody } from './compose-model.js';

const CLASS = '0e4f3c1a-8d53-4f39-9a7e-1b2c3d4e5f60';
const PICTURE = '1a2b3c4d-1111-4222-8333-944455566677';
const DOCUMENT = '1a2b3c4d-2222-4222-8333-944455566677';
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Draft>;

const notice = (over: Partial<Draft> = {}): Draft => ({ ...emptyDraft('notice'), title: '家长会通知', body: '<p>周五下午</p>', classIds: [CLASS], ...over });

describe('the compose form model', () => {
  it('refuses an empty post with the shared schema’s keys on the inputs they are about', async () => {
    const { errors } = await resolver(emptyDraft('notice'), undefined, options);
    expect(errors.title?.message).toBe('validation.postTitleRequired');
    // the audience's error marks its first input, whichever of its fields is wanting
    expect(errors.school?.message).toBe('validation.postAudienceRequired');
  });

  it('sends a class with its parents, the attachments of every category and the confirmation, published at once', async () => {
    const draft = notice({ parents: true, requireConfirm: true, pictures: [PICTURE], documents: [DOCUMENT] });
    const { values, errors } = await resolver(draft, undefined, options);
    expect(errors).toEqual({});
    expect(values).toEqual({
      kind: 'notice',
      title: '家长会通知',
      body: '<p>周五下午</p>',
      audience: { classIds: [CLASS], students: true, staff: false, parents: true },
      attachments: [PICTURE, DOCUMENT],
      pinned: false,
      requireConfirm: true,
      requireSignature: false,
      publish: true,
    });
  });

  it('asks for the confirmation whenever it asks for a signature', () => {
    expect(toBody(notice({ requireSignature: true }))).toMatchObject({ requireConfirm: true, requireSignature: true });
  });

  it('reads the whole school, grades as numbers, a time set as school time, and a draft as not published', () => {
    expect(toBody(notice({ classIds: [], school: true, grades: ['10', '11'] })).audience).toMatchObject({ school: true, grades: [10, 11] });
    expect(toBody(notice({ mode: 'schedule', publishAt: '2026-12-01T08:30' }))).toMatchObject({ publish: true, publishAt: '2026-12-01 08:30' });
    expect(toBody(notice({ mode: 'draft' }))).toMatchObject({ publish: false, publishAt: undefined });
  });

  it('adds a homework’s course and due time, and an activity’s place and times, to those kinds alone', () => {
    const homework = toBody({ ...notice(), kind: 'homework', courseId: CLASS, dueAt: '2026-12-04T18:00', place: '礼堂' });
    expect(homework).toMatchObject({ courseId: CLASS, dueAt: '2026-12-04 18:00' });
    expect(homework).not.toHaveProperty('place');
    const activity = toBody({ ...notice(), kind: 'activity', place: '礼堂', startAt: '2026-12-05T09:00', endAt: '2026-12-05T11:00', dueAt: '2026-12-04T18:00' });
    expect(activity).toMatchObject({ place: '礼堂', startAt: '2026-12-05 09:00', endAt: '2026-12-05 11:00' });
    expect(activity).not.toHaveProperty('dueAt');
  });

  it('sends only the selectors the kind takes: what was chosen under another kind is left behind', () => {
    const draft = notice({ school: true, grades: ['10'], roles: ['teacher'], userIds: ['u1'] });
    expect(toBody({ ...draft, kind: 'homework' }).audience).toEqual(expect.not.objectContaining({ school: true }));
    expect(toBody({ ...draft, kind: 'homework' }).audience).toMatchObject({ classIds: [CLASS], grades: undefined, roles: undefined, userIds: undefined });
    expect(toBody({ ...draft, kind: 'performance' }).audience).toMatchObject({ userIds: ['u1'], classIds: undefined, grades: undefined });
  });
});
