import { z } from 'zod';
import { parseSchoolTime } from './school-time.js';

/**
 * Personal to-dos (待办, view stem `dbgl`, phone page `/qt_app/dbgl`; docs/product/office.md#to-dos,
 * docs/adr/0050-todos.md): a signed-in user's own list — a title, a note, an optional due time in the school's time
 * zone and an optional reminder before it, sent as a bell message. Private: only the owner reads or changes one.
 * Under `/server/api/todos`.
 */
export const TODOS_BASE = '/api/todos';

export const todosPath = {
  /** `GET` `todoListQuerySchema` → `TodoList`; `POST` `todoInputSchema` → `Todo`. */
  todos: TODOS_BASE,
  /** `PUT` `todoInputSchema` → `Todo`; `DELETE`. */
  todo: (id: string): string => `${TODOS_BASE}/${id}`,
  /** `PUT` `todoDoneSchema` → `Todo`: ticked done, or open again. */
  done: (id: string): string => `${TODOS_BASE}/${id}/done`,
} as const;

/** The pages: the full page (menu 个人中心 → 待办) and the phone-sized one, for every role. */
export const TODOS_PAGE = { url: '/dbgl', permission: 'menu:todos', icon: 'check square outline', sort: 2 } as const;
export const TODOS_PHONE_PAGE = { url: '/qt_app/dbgl', permission: 'menu:todos', icon: 'mobile alternate', sort: 3 } as const;

export const TODO_TITLE_MAX = 100;
export const TODO_NOTE_MAX = 500;
/** The reminders one may choose, in minutes before the due time (0: at the due time); none is null. */
export const TODO_REMIND_MINUTES = [0, 15, 60, 1440] as const;
export type TodoRemindMinutes = (typeof TODO_REMIND_MINUTES)[number];

export const TODO_STATUSES = ['open', 'done', 'overdue', 'all'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface Todo {
  id: string;
  title: string;
  note: string;
  /** `YYYY-MM-DD HH:mm` in the school's time zone, or null: no due time. */
  due: string | null;
  /** The same instant as ISO 8601 (what the overdue and reminder rules compare). */
  dueAt: string | null;
  remindMinutes: TodoRemindMinutes | null;
  done: boolean;
  doneAt: string | null;
  /** Open and past its due time when read. */
  overdue: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TodoList {
  /** How many match the filter (the list holds the first `size`). */
  total: number;
  list: Todo[];
}

/** Pushed to the owner's other tabs: a to-do was saved, ticked, deleted or reminded (the list is read again). */
export interface TodoChangedPush {
  id: string;
  action: 'saved' | 'deleted' | 'reminded';
}
export const TODO_CHANGED = 'todo.changed';

// a cleared input is '' (none); the year kept where the database and the school's calendar read it plainly
const dueText = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z
    .string({ error: 'validation.todoDueInvalid' })
    .trim()
    .max(40, 'validation.todoDueInvalid')
    .refine((s) => {
      const t = parseSchoolTime(s);
      return t !== null && t >= Date.UTC(2000, 0, 1) && t < Date.UTC(3000, 0, 1);
    }, 'validation.todoDueInvalid')
    .nullable(),
);

export const todoInputSchema = z
  .object({
    title: z
      .string({ error: 'validation.todoTitleRequired' })
      .trim()
      .min(1, 'validation.todoTitleRequired')
      .max(TODO_TITLE_MAX, 'validation.todoTitleTooLong'),
    note: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'validation.todoNoteTooLong' }).trim().max(TODO_NOTE_MAX, 'validation.todoNoteTooLong')),
    /** ISO 8601, or `YYYY-MM-DD HH:mm[:ss]` (a `T` too: a datetime-local input) in the school's time zone; '' or null: none. */
    due: dueText,
    // a form's empty select is '' (none)
    remindMinutes: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce
        .number({ error: 'validation.todoRemindInvalid' })
        .refine((n): n is TodoRemindMinutes => (TODO_REMIND_MINUTES as readonly number[]).includes(n), 'validation.todoRemindInvalid')
        .nullable(),
    ),
  })
  .superRefine((v, ctx) => {
    // a reminder is some time before the due time: without one there is nothing to remind of
    if (v.remindMinutes !== null && v.due === null) ctx.addIssue({ code: 'custom', message: 'validation.todoRemindNeedsDue', path: ['remindMinutes'] });
  })
  .transform((v) => ({ ...v, remindMinutes: v.remindMinutes as TodoRemindMinutes | null }));
export type TodoInput = z.input<typeof todoInputSchema>;
export type TodoValues = z.output<typeof todoInputSchema>;

export const todoDoneSchema = z.object({ done: z.boolean({ error: 'validation.todoDoneInvalid' }) });
export type TodoDone = z.output<typeof todoDoneSchema>;

/** At most this many to-dos in one read (the page shows them all; the dashboard asks for 5). */
export const TODO_LIST_MAX = 200;

export const todoListQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v === undefined ? 'open' : v), z.enum(TODO_STATUSES, { error: 'validation.todoStatusInvalid' })),
  size: z.preprocess(
    (v) => (v === '' || v === undefined ? TODO_LIST_MAX : v),
    z.coerce.number({ error: 'validation.todoSizeInvalid' }).int('validation.todoSizeInvalid').min(1, 'validation.todoSizeInvalid').max(TODO_LIST_MAX, 'validation.todoSizeInvalid'),
  ),
});
export type TodoListQuery = z.output<typeof todoListQuerySchema>;

/** Open and its due time passed (a to-do without one is never overdue; a done one no longer is). */
export function isTodoOverdue(t: { dueAt: string | null; done: boolean }, now: number): boolean {
  if (t.done || t.dueAt === null) return false;
  return Date.parse(t.dueAt) < now;
}

/** When the reminder is due (ms): `minutes` before the due time; null when there is no reminder or no due time. */
export function todoReminderAt(dueAt: number | null, minutes: number | null): number | null {
  if (dueAt === null || minutes === null) return null;
  return dueAt - minutes * 60_000;
}

/**
 * Whether a reminder saved now is still to be sent: its moment is ahead. One whose moment has passed when it is saved
 * (a due time already gone, or ticked open again afterwards) is never sent late.
 */
export function todoReminderPending(remindAt: number | null, now: number): boolean {
  return remindAt !== null && remindAt > now;
}
