import { describe, expect, it } from '@jest/globals';
import { web as en } from '@schoolflow/contracts/locales/en/web.js';
import { web as zh } from '@schoolflow/contracts/locales/zh/web.js';
import { fold, stateString } from '../engine/flow.js';
import { travelFlow } from './travel.flow.js';
import { TRAVEL_FORM_KEYS, travelFields, travelFormSchema, travelRequest } from './travel.form.js';
import { travelMachine } from './travel.machine.js';

/** A start event as the store has kept travel's since its first version (issue 14): it must fold and show as it did. */
const STORED_START = {
  type: 'SUBMIT',
  data: {
    actorId: 'parent',
    studentId: 's1',
    studentUserId: 'stu',
    destination: '市图书馆',
    start: '2026-11-23T05:00:00.000Z',
    end: '2026-11-23T09:30:00.000Z',
    transport: null,
    reason: '查阅资料',
    attachments: ['p1'],
    route: { headTeacher: ['ht'], office: ['off1'] },
  },
};

describe('travel’s fields, declared once by the schema: given the schema / when a part names them / then they are its', () => {
  it('the form’s names are the schema’s, in its order', () => {
    expect(TRAVEL_FORM_KEYS).toEqual(['destination', 'start', 'end', 'reason', 'transport', 'attachments', 'studentId']);
    expect(TRAVEL_FORM_KEYS).toEqual(Object.keys(travelFormSchema.shape));
  });

  it('users fill in each field of the schema once, in the order they see them, optional where the schema lets them leave it out', () => {
    expect(travelFields.map((f) => f.name)).toEqual(['studentId', 'destination', 'start', 'end', 'transport', 'reason', 'attachments']);
    expect([...travelFields.map((f) => f.name)].sort()).toEqual([...TRAVEL_FORM_KEYS].sort());
    for (const f of travelFields.filter((f) => f.optional)) expect(travelFormSchema.shape[f.name as keyof typeof travelFormSchema.shape].safeParse(undefined).success).toBe(true);
  });

  it('each field users see has its label in both languages (the student is in the page’s head)', () => {
    for (const f of travelFields.filter((f) => f.kind !== 'child')) {
      expect([f.name, zh.flow.travel.field[f.name as keyof typeof zh.flow.travel.field]]).toEqual([f.name, expect.any(String)]);
      expect([f.name, en.flow.travel.field[f.name as keyof typeof en.flow.travel.field]]).toEqual([f.name, expect.any(String)]);
    }
  });

  it('the request stored from a form: every field but the student, the times as the server read them, a transport left out as null', () => {
    const form = travelFormSchema.parse({ destination: '市图书馆', start: '2026-11-23 13:00', end: '2026-11-23 17:30', reason: '查阅资料', studentId: '2026001' });
    expect(travelRequest(form, { start: '2026-11-23T05:00:00.000Z', end: '2026-11-23T09:30:00.000Z' }, ['p1'])).toEqual({
      destination: '市图书馆',
      start: '2026-11-23T05:00:00.000Z',
      end: '2026-11-23T09:30:00.000Z',
      reason: '查阅资料',
      transport: null,
      attachments: ['p1'],
    });
  });

  it('a start stored before the fields were declared once still folds, and the detail page shows the same form', () => {
    expect(stateString(fold(travelMachine, [STORED_START]).value)).toBe('headTeacherReview');
    const { data } = STORED_START;
    expect(travelFlow.formView(data)).toStrictEqual({
      destination: '市图书馆',
      start: '2026-11-23T05:00:00.000Z',
      end: '2026-11-23T09:30:00.000Z',
      reason: '查阅资料',
      transport: undefined,
      attachments: ['p1'],
      studentId: 's1',
    });
    expect(travelFlow.formView({ ...data, transport: 'metro' })).toMatchObject({ transport: 'metro' });
  });
});
