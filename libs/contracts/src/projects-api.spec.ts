import { describe, expect, it } from '@jest/globals';
import { isTaskOverdue, projectInputSchema, roleManages, roleWrites, taskInputSchema, taskMoveSchema } from './projects-api.js';

describe('projects: roles', () => {
  it('the owner and members write, a viewer only reads; the owner alone manages', () => {
    expect([roleWrites('owner'), roleWrites('member'), roleWrites('viewer'), roleWrites(null)]).toEqual([true, true, false, false]);
    expect([roleManages('owner'), roleManages('member'), roleManages('viewer')]).toEqual([true, false, false]);
  });
});

describe('projects: a task is overdue', () => {
  it('when its due date is before today and it is not done', () => {
    expect(isTaskOverdue({ dueDate: '2030-01-01', status: 'doing' }, '2030-01-02')).toBe(true);
    expect(isTaskOverdue({ dueDate: '2030-01-02', status: 'doing' }, '2030-01-02')).toBe(false);
    expect(isTaskOverdue({ dueDate: '2030-01-01', status: 'done' }, '2030-01-02')).toBe(false);
    expect(isTaskOverdue({ dueDate: null, status: 'blocked' }, '2030-01-02')).toBe(false);
  });
});

describe('projects: input', () => {
  it('reads a form: blank dates are none, a task is a normal to-do by default', () => {
    expect(projectInputSchema.parse({ name: ' 研学 ', startDate: '', endDate: '' })).toEqual({ name: '研学', description: '', startDate: null, endDate: null, archived: false });
    expect(taskInputSchema.parse({ title: '报名', assigneeId: '' })).toMatchObject({ status: 'todo', priority: 'normal', assigneeId: null, startDate: null, dueDate: null });
  });

  it('refuses dates the wrong way round, a day that does not exist, an unknown column', () => {
    const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(msg(projectInputSchema.safeParse({ name: 'x', startDate: '2030-02-02', endDate: '2030-02-01' }))).toBe('projects.validation.endBeforeStart');
    expect(msg(taskInputSchema.safeParse({ title: 'x', dueDate: '2030-02-30' }))).toBe('projects.validation.dateInvalid');
    expect(msg(taskInputSchema.safeParse({ title: 'x', startDate: '2030-02-03', dueDate: '2030-02-02' }))).toBe('projects.validation.dueBeforeStart');
    expect(msg(taskMoveSchema.safeParse({ status: 'later' }))).toBe('projects.validation.statusInvalid');
    expect(taskMoveSchema.parse({ status: 'done' })).toEqual({ status: 'done', beforeId: null });
  });
});
