import { describe, expect, it } from '@jest/globals';
import { isTodoOverdue, todoInputSchema, todoReminderAt, todoReminderPending } from './todos-api.js';

const NOW = Date.parse('2026-03-10T08:00:00Z');

describe('to-do rules', () => {
  it('overdue: open and past its due time; never without one, never once done', () => {
    expect(isTodoOverdue({ dueAt: '2026-03-10T07:59:00Z', done: false }, NOW)).toBe(true);
    expect(isTodoOverdue({ dueAt: '2026-03-10T08:00:00Z', done: false }, NOW)).toBe(false);
    expect(isTodoOverdue({ dueAt: '2026-03-10T07:00:00Z', done: true }, NOW)).toBe(false);
    expect(isTodoOverdue({ dueAt: null, done: false }, NOW)).toBe(false);
  });

  it('the reminder is its minutes before the due time, and pending only while ahead', () => {
    const due = Date.parse('2026-03-11T08:00:00Z');
    expect(todoReminderAt(due, 0)).toBe(due);
    expect(todoReminderAt(due, 15)).toBe(due - 15 * 60_000);
    expect(todoReminderAt(due, 1440)).toBe(Date.parse('2026-03-10T08:00:00Z'));
    expect(todoReminderAt(null, 15)).toBeNull();
    expect(todoReminderAt(due, null)).toBeNull();
    expect(todoReminderPending(due - 60 * 60_000, NOW)).toBe(true);
    expect(todoReminderPending(NOW, NOW)).toBe(false);
    expect(todoReminderPending(null, NOW)).toBe(false);
  });

  it('the form: a title of 1–100, a reminder only with a due time, empty inputs as none', () => {
    expect(todoInputSchema.parse({ title: ' 备课 ', note: '', due: '', remindMinutes: '' })).toEqual({ title: '备课', note: '', due: null, remindMinutes: null });
    expect(todoInputSchema.parse({ title: 'x', due: '2026-03-11T09:30', remindMinutes: '15' })).toMatchObject({ due: '2026-03-11T09:30', remindMinutes: 15 });
    const issues = (v: unknown) => todoInputSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ title: '  ' })).toEqual(['validation.todoTitleRequired']);
    expect(issues({ title: 'x'.repeat(101) })).toEqual(['validation.todoTitleTooLong']);
    expect(issues({ title: 'x', remindMinutes: 15 })).toEqual(['validation.todoRemindNeedsDue']);
    expect(issues({ title: 'x', due: '2026-02-30 10:00' })).toEqual(['validation.todoDueInvalid']);
    expect(issues({ title: 'x', due: '2026-03-11 10:00', remindMinutes: 30 })).toEqual(['validation.todoRemindInvalid']);
  });
});
