import { describe, expect, it } from '@jest/globals';
import type { ProjectTask } from '@schoolflow/contracts';
import { dayNo, timelineOf } from './timeline-spans.js';

const task = (id: string, startDate: string | null, dueDate: string | null): ProjectTask => ({
  id, projectId: 'p', title: id, description: '', status: 'todo', priority: 'normal', assigneeId: null, assigneeName: null, startDate, dueDate,
  position: 1, overdue: false, comments: 0, attachments: 0, doneAt: null, createdAt: '', updatedAt: '',
});

describe('timelineOf', () => {
  it('draws a bar from start to due, a due date alone as a milestone, a start alone as one day; the undated apart', () => {
    const t = timelineOf([task('a', '2030-03-02', '2030-03-05'), task('m', null, '2030-03-08'), task('s', '2030-03-01', null), task('u', null, null)], '2030-03-03');
    expect(t.spans.map((s) => [s.task.id, s.to - s.from + 1, s.milestone])).toEqual([['s', 1, false], ['a', 4, false], ['m', 1, true]]);
    expect(t.undated.map((x) => x.id)).toEqual(['u']);
    // 03-01 less a day's margin to 03-08 and one more
    expect([t.first, t.days]).toEqual([dayNo('2030-02-28'), 10]);
  });

  it('keeps today on the axis when every task lies ahead', () => {
    const t = timelineOf([task('a', '2030-05-10', '2030-05-11')], '2030-05-01');
    expect(t.first).toBe(dayNo('2030-04-30'));
    expect(t.first + t.days - 1).toBe(dayNo('2030-05-12'));
  });
});
