import { describe, expect, it } from '@jest/globals';
import type { LessonPeriod } from '@schoolflow/contracts';
import { type FlowDefinition, fold } from '@schoolflow/workflows';
import { stored } from '@schoolflow/workflows/kit/testing.js';
import { makeUpClassFlow } from '@schoolflow/workflows/make-up-class/make-up-class.flow.js';
import type { MakeUpClassDrafted, MakeUpClassEvent } from '@schoolflow/workflows/make-up-class/make-up-class.machine.js';
import type { AppException } from '../../infrastructure/http/app-exception.js';
import type { NotificationInput, PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { refuseClashes, refusePastDates, tellAudience, whenItBegins } from './lesson-changes.js';

const TZ = 'Asia/Shanghai';
const PERIODS: LessonPeriod[] = [
  { no: 1, name: '早读', start: '07:30', end: '08:10', part: 'morning' },
  { no: 2, name: '第2节', start: '08:20', end: '09:00', part: 'morning' },
  { no: 3, name: '第3节', start: '09:10', end: '09:50', part: 'morning' },
];
/** 2026-12-01 08:30 in Shanghai. */
const NOW = Date.parse('2026-12-01T08:30:00+08:00');
const refusal = (fn: () => unknown): [number, string, unknown] | null => {
  try {
    fn();
    return null;
  } catch (err) {
    const e = err as AppException;
    return [e.status, e.messageKey, e.params];
  }
};

describe('when a change begins, and what is too late', () => {
  it('a date before today in the school’s time zone is refused (422), today and later are not', () => {
    expect(refusal(() => refusePastDates(['2026-12-02', '2026-11-30'], TZ, NOW))).toEqual([422, 'timetable.errors.dateInPast', { date: '2026-11-30' }]);
    expect(refusal(() => refusePastDates(['2026-12-01', '2026-12-09'], TZ, NOW))).toBeNull();
    // 00:30 in Shanghai is still the day before in UTC: the school's day decides
    expect(refusal(() => refusePastDates(['2026-11-30'], TZ, Date.parse('2026-12-01T00:30:00+08:00')))).toEqual([422, 'timetable.errors.dateInPast', { date: '2026-11-30' }]);
  });

  it('the first period’s start in the school’s time zone; each place named as the school calls its period, in order', () => {
    const later = whenItBegins([{ date: '2026-12-03', period: 3 }, { date: '2026-12-02', period: 1 }] as const, PERIODS, TZ, NOW);
    expect(later.startsAt).toBe('2026-12-01T23:30:00.000Z');
    expect(later.names).toEqual([
      { zh: '第3节', en: 'Period 3' },
      { zh: '早读', en: '早读' },
    ]);
  });

  it('a first period that has begun is refused (it would expire at once); a period that does not exist too', () => {
    expect(refusal(() => whenItBegins([{ date: '2026-12-01', period: 2 }], PERIODS, TZ, NOW))).toEqual([422, 'timetable.errors.periodBegun', { date: '2026-12-01', period: 2 }]);
    expect(whenItBegins([{ date: '2026-12-01', period: 3 }], PERIODS, TZ, NOW).startsAt).toBe('2026-12-01T01:10:00.000Z');
    expect(refusal(() => whenItBegins([{ date: '2026-12-02', period: 9 }], PERIODS, TZ, NOW))).toEqual([422, 'timetable.errors.periodMissing', { period: 9 }]);
  });
});

describe('the clash check, on what was read', () => {
  const place = { date: '2026-12-07', period: 2, section: 'c1', classroomId: 'r1' };
  it('a loan of a placement’s room then is a room clash, named once even when two placements share the slot', () => {
    const around = { lessons: [], loaned: [{ date: '2026-12-07', period: 2, classroomId: 'r1' }] };
    const refused = (() => {
      try {
        refuseClashes('c1', [{ ...place, teacherId: 'a' }, { ...place, teacherId: 'b' }], around);
      } catch (err) {
        return err as AppException;
      }
      return null;
    })();
    expect([refused?.status, refused?.messageKey, refused?.data]).toEqual([422, 'timetable.errors.clash', { clashes: [{ date: '2026-12-07', period: 2, kind: 'room' }] }]);
  });

  it('nothing placed, nothing refused; a loan of the room at another period is none of it', () => {
    expect(refusal(() => refuseClashes('c1', [], { lessons: [], loaned: [{ date: '2026-12-07', period: 2, classroomId: 'r1' }] }))).toBeNull();
    expect(refusal(() => refuseClashes('c1', [{ ...place, teacherId: 'a' }], { lessons: [], loaned: [{ date: '2026-12-07', period: 3, classroomId: 'r1' }] }))).toBeNull();
  });
});

describe('telling the class', () => {
  const definition = makeUpClassFlow as unknown as FlowDefinition;
  const drafted: MakeUpClassDrafted = {
    type: 'DRAFT',
    actorId: 'teacher',
    studentId: '',
    studentUserId: null,
    classId: 'c1',
    className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
    courseId: 'maths',
    courseName: { zh: '数学', en: 'Mathematics' },
    date: '2026-12-05',
    week: 14,
    periods: [3],
    periodNames: [{ zh: '第3节', en: 'Period 3' }],
    startsAt: '2026-12-05T01:10:00.000Z',
    classroomId: null,
    classroomName: null,
    reason: '运动会',
    teacherName: '李老师',
    audience: ['stu1', 'parent1', 'ht'],
    route: { headTeacher: ['ht'], office: ['off'] },
  };
  const input = (history: MakeUpClassEvent[], event: MakeUpClassEvent): NotificationInput => {
    const { type, ...data } = event;
    return {
      instanceId: 'i1',
      event: { type, data: data as Record<string, unknown>, version: history.length + 1, position: '1' },
      before: fold(definition.machine, stored(history)),
      after: fold(definition.machine, stored([...history, event])),
      owners: ['teacher'],
      student: null,
      actorName: '',
    };
  };
  const reviewed = (to: string[], key = 'flowApproved'): PlannedMessage[] => to.map((recipientId) => ({ recipientId, type: 'result', titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params: {}, link: '/x' }));
  const told = { audience: drafted.audience, week: drafted.week, key: 'makeUpClassScheduled', params: { date: drafted.date } };
  const sent: MakeUpClassEvent[] = [drafted, { type: 'SUBMIT', actorId: 'teacher' }, { type: 'APPROVE', actorId: 'ht' }];

  it('when it passes: each student and parent once, linked to the timetable’s week (not the request they cannot read); nobody told twice', () => {
    const out = tellAudience(definition, input(sent, { type: 'APPROVE', actorId: 'off' }), reviewed(['teacher', 'ht']), told);
    const scheduled = out.filter((m) => m.titleKey === 'messages.makeUpClassScheduled.title');
    expect(scheduled.map((m) => [m.recipientId, m.link])).toEqual([
      ['stu1', '/timetable/inquiry?week=14'],
      ['parent1', '/timetable/inquiry?week=14'],
    ]);
    expect(out).toHaveLength(4);
  });

  it('before it passes, nothing to the class; a draft that expired unsent is told as a draft', () => {
    expect(tellAudience(definition, input([drafted, { type: 'SUBMIT', actorId: 'teacher' }], { type: 'APPROVE', actorId: 'ht' }), [], told)).toEqual([]);
    const expired = tellAudience(definition, input([drafted], { type: 'EXPIRE', actorId: 'system', at: '2026-12-05T02:00:00.000Z' }), reviewed(['teacher'], 'flowExpired'), told);
    expect(expired.map((m) => m.titleKey)).toEqual(['messages.flowDraftExpired.title']);
    const waited = tellAudience(definition, input([drafted, { type: 'SUBMIT', actorId: 'teacher' }], { type: 'EXPIRE', actorId: 'system', at: '2026-12-05T02:00:00.000Z' }), reviewed(['teacher'], 'flowExpired'), told);
    expect(waited.map((m) => m.titleKey)).toEqual(['messages.flowExpired.title']);
  });
});
