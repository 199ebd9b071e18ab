import { describe, expect, it } from '@jest/globals';
import type { WorkTaskValues } from '@schoolflow/contracts';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { planWorkTask, type WorkTaskRead } from './work-task-plan.js';

// An assignment decided without a database: given what it read / when planned / then the assignees or the refusal.
const NOW = Date.parse('2026-12-01T04:00:00.000Z'); // 12:00 in Shanghai
const TZ = 'Asia/Shanghai';
const V: WorkTaskValues = { title: '期中总结', content: '', deadline: '2026-12-05', assigneeIds: ['t1'], departmentIds: ['d1'] };
const READ: WorkTaskRead = { staff: ['t1'], departments: ['d1'], members: ['t2', 't1', 'boss'] };
const given = (read: Partial<WorkTaskRead> = {}) => ({
  when: (v: Partial<WorkTaskValues> = {}) => ({
    thenPlanned: () => planWorkTask({ ...V, ...v }, { ...READ, ...read }, 'boss', NOW, TZ),
    thenRefused: (key: string) => {
      try {
        planWorkTask({ ...V, ...v }, { ...READ, ...read }, 'boss', NOW, TZ);
      } catch (err) {
        expect((err as AppException).messageKey).toBe(key);
        return;
      }
      throw new Error('planned');
    },
  }),
});

describe('work task assignment: given what it read / when planned / then', () => {
  it('people and department members, once each, without the leader; the deadline ends with its school day', () => {
    const plan = given().when().thenPlanned();
    expect(plan.assignees).toEqual(['t1', 't2']);
    expect(plan.deadlineAt).toBe('2026-12-05T15:59:59.999Z');
    const [first] = plan.starts('task');
    expect(first?.plan).toMatchObject({ applicantId: 't1', owners: ['t1'], reviewers: ['boss'], data: { taskId: 'task', assigneeId: 't1', leaderId: 'boss', deadlineDate: '2026-12-05', route: { assignee: ['t1'], leader: ['boss'] } } });
  });

  it('today is still a deadline; yesterday is not', () => {
    expect(given().when({ deadline: '2026-12-01' }).thenPlanned().assignees).toHaveLength(2);
    given().when({ deadline: '2026-11-30' }).thenRefused('work-tasks.errors.deadlinePassed');
  });

  it('refuses people who are not enabled staff, departments that do not exist, and a task for nobody but the leader', () => {
    given({ staff: [] }).when().thenRefused('work-tasks.errors.assigneeUnknown');
    given({ departments: [] }).when().thenRefused('work-tasks.errors.departmentUnknown');
    given({ staff: ['boss'], members: ['boss'] }).when({ assigneeIds: ['boss'] }).thenRefused('work-tasks.errors.nobodyAssigned');
    const many = Array.from({ length: 201 }, (_, i) => `m${i}`);
    given({ members: many }).when().thenRefused('work-tasks.validation.tooManyAssignees');
  });
});
