import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Form, Modal, Button } from 'semantic-ui-react';
import { PROJECT_LIMITS, type ProjectDetail, type ProjectTask, roleWrites, TASK_PRIORITIES, TASK_STATUSES, type TaskStatus, taskInputSchema, type TaskValues } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useProjectsT } from './use-projects-t.js';
import { useSaveTask } from './use-save-task.js';

/** What the inputs hold (dates as a date input's text, '' none; the owner '' nobody). */
export interface TaskDraft {
  id: string | null;
  title: string;
  description: string;
  status: TaskStatus;
  priority: string;
  assigneeId: string;
  startDate: string;
  dueDate: string;
}
type Field = Exclude<keyof TaskDraft, 'id'>;

export const newTaskDraft = (status: TaskStatus = 'todo'): TaskDraft => ({ id: null, title: '', description: '', status, priority: 'normal', assigneeId: '', startDate: '', dueDate: '' });
export const taskDraft = (t: ProjectTask): TaskDraft => ({ id: t.id, title: t.title, description: t.description, status: t.status, priority: t.priority, assigneeId: t.assigneeId ?? '', startDate: t.startDate ?? '', dueDate: t.dueDate ?? '' });

const schemaResolver = zodResolver(taskInputSchema);
/** The contract's schema, the server's, on what the inputs hold; its errors mark the inputs they are about. */
const resolver: Resolver<TaskDraft, unknown, TaskValues> = async (values, context, options) => {
  const { id: _id, ...body } = values;
  const parsed = await schemaResolver(body as never, context, options as never);
  const errors: FieldErrors<TaskDraft> = {};
  for (const [field, error] of Object.entries(parsed.errors) as [Field, unknown][]) {
    const message = firstMessage(error);
    if (message) errors[field] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.values as TaskValues, errors: {} };
};

/** New task / edit a task: title, description, column, priority, owner (one who writes in the project), start and due dates. */
export function TaskForm({ project, draft, onClose }: { project: ProjectDetail; draft: TaskDraft; onClose: () => void }) {
  const { pj } = useProjectsT();
  const save = useSaveTask(project.id);
  const { register, handleSubmit, formState } = useForm<TaskDraft, unknown, TaskValues>({ defaultValues: draft, resolver });
  const err = (field: Field) => {
    const m = firstMessage(formState.errors[field]);
    return m ? namespacedMessage(m) : undefined;
  };
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ taskId: draft.id, body });
      toast.success(res.msg || pj(draft.id ? 'results.taskSaved' : 'results.taskCreated'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const owners = project.members.filter((m) => roleWrites(m.role));
  return (
    <Modal open size="small" onClose={onClose} closeOnDimmerClick={false} data-testid="task-form">
      <Modal.Header>{pj(draft.id ? 'task.editTitle' : 'task.createTitle')}</Modal.Header>
      <Modal.Content scrolling>
        <Form id="sf-pj-task-form" onSubmit={() => void submit()} noValidate>
          <Form.Field required error={Boolean(err('title'))}>
            <label htmlFor="pj-task-title">{pj('fields.title')}</label>
            <input id="pj-task-title" data-testid="task-form-title" maxLength={PROJECT_LIMITS.titleMax + 10} {...register('title')} />
            <FieldError testId="task-form-title" error={err('title')} />
          </Form.Field>
          <Form.Field error={Boolean(err('description'))}>
            <label htmlFor="pj-task-description">{pj('fields.taskDescription')}</label>
            <textarea id="pj-task-description" rows={3} data-testid="task-form-description" {...register('description')} />
            <FieldError testId="task-form-description" error={err('description')} />
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field>
              <label htmlFor="pj-task-status">{pj('fields.status')}</label>
              <select id="pj-task-status" className="ui dropdown" data-testid="task-form-status" {...register('status')}>
                {TASK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {pj(`statuses.${s}`)}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Field>
              <label htmlFor="pj-task-priority">{pj('fields.priority')}</label>
              <select id="pj-task-priority" className="ui dropdown" data-testid="task-form-priority" {...register('priority')}>
                {TASK_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {pj(`priorities.${p}`)}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Field error={Boolean(err('assigneeId'))}>
              <label htmlFor="pj-task-assignee">{pj('fields.assignee')}</label>
              <select id="pj-task-assignee" className="ui dropdown" data-testid="task-form-assignee" {...register('assigneeId')}>
                <option value="">{pj('fields.noAssignee')}</option>
                {owners.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name}
                  </option>
                ))}
              </select>
              <FieldError testId="task-form-assignee" error={err('assigneeId')} />
            </Form.Field>
          </Form.Group>
          <Form.Group widths="equal">
            <Form.Field error={Boolean(err('startDate'))}>
              <label htmlFor="pj-task-start">{pj('fields.startDate')}</label>
              <input id="pj-task-start" type="date" data-testid="task-form-start" {...register('startDate')} />
              <FieldError testId="task-form-start" error={err('startDate')} />
            </Form.Field>
            <Form.Field error={Boolean(err('dueDate'))}>
              <label htmlFor="pj-task-due">{pj('fields.dueDate')}</label>
              <input id="pj-task-due" type="date" data-testid="task-form-due" {...register('dueDate')} />
              <FieldError testId="task-form-due" error={err('dueDate')} />
            </Form.Field>
          </Form.Group>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" content={pj('task.cancel')} onClick={onClose} data-testid="task-form-cancel" />
        <Button type="submit" form="sf-pj-task-form" primary loading={formState.isSubmitting} content={pj('task.save')} data-testid="task-form-save" />
      </Modal.Actions>
    </Modal>
  );
}
