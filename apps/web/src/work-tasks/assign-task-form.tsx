import { zodResolver } from '@hookform/resolvers/zod';
import { WORK_TASK_LIMITS, workTaskInputSchema, type WorkTaskInput, type WorkTaskValues } from '@schoolflow/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Dropdown, Form, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useAssignWorkTask } from './use-assign-work-task.js';
import { useWorkTaskCandidates } from './use-work-task-lists.js';
import { useWorkTasksT } from './use-work-tasks-t.js';
import { withNote } from '../i18n/punctuation.js';

const EMPTY: WorkTaskInput = { title: '', content: '', deadline: '', assigneeIds: [], departmentIds: [] };
type Field = keyof WorkTaskInput;

/**
 * 下达任务: a title (≤ 100), the details (≤ 2000), a deadline date (today or later), and people and/or departments
 * (a department is expanded to its members when assigned) — checked by the contract's schema here and again by the
 * server, which also refuses a past deadline and a task for nobody but oneself.
 */
export function AssignTaskForm({ onDone }: { onDone: () => void }) {
  const { w, lang } = useWorkTasksT();
  const candidates = useWorkTaskCandidates(true);
  const assign = useAssignWorkTask();
  const { register, control, handleSubmit, formState } = useForm<WorkTaskInput, unknown, WorkTaskValues>({ defaultValues: EMPTY, resolver: zodResolver(workTaskInputSchema) });
  const err = (field: Field) => {
    const m = firstMessage(formState.errors[field]);
    return m ? namespacedMessage(m) : undefined;
  };
  const content = useWatch({ control, name: 'content' }) ?? '';
  const people = (candidates.data?.people ?? []).map((p) => ({ key: p.id, value: p.id, text: p.department ? withNote(p.name, p.department[lang]) : p.name }));
  const departments = (candidates.data?.departments ?? []).map((d) => ({ key: d.id, value: d.id, text: d.name[lang] }));
  const save = handleSubmit(async (body) => {
    try {
      const res = await assign.mutateAsync(body);
      toast.success(res.msg);
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="work-task-form">
      <Message info size="small" content={w('hints.create')} />
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field required error={Boolean(err('title'))}>
            <label htmlFor="work-task-title">{w('fields.title')}</label>
            <input id="work-task-title" data-testid="work-task-title" placeholder={w('placeholder.title')} {...register('title')} />
            <FieldError testId="work-task-title" error={err('title')} />
          </Form.Field>
          <Form.Field required error={Boolean(err('deadline'))}>
            <label htmlFor="work-task-deadline">{w('fields.deadline')}</label>
            <input id="work-task-deadline" type="date" data-testid="work-task-deadline" {...register('deadline')} />
            <FieldError testId="work-task-deadline" error={err('deadline')} />
          </Form.Field>
        </Form.Group>
        <Form.Field error={Boolean(err('content'))}>
          <label htmlFor="work-task-content">{w('fields.content')}</label>
          <textarea id="work-task-content" rows={3} data-testid="work-task-content" placeholder={w('placeholder.content')} {...register('content')} />
          <div className="sf-hint">
            {content.length} / {WORK_TASK_LIMITS.contentMax}
          </div>
          <FieldError testId="work-task-content" error={err('content')} />
        </Form.Field>
        <Form.Field error={Boolean(err('assigneeIds'))}>
          <label>{w('fields.assignees')}</label>
          <Controller
            control={control}
            name="assigneeIds"
            render={({ field }) => (
              <Dropdown fluid multiple search selection options={people} value={field.value ?? []} placeholder={w('placeholder.pickPeople')} loading={candidates.isLoading} data-testid="work-task-people" onChange={(_e, d) => field.onChange(d.value as string[])} />
            )}
          />
          <FieldError testId="work-task-people" error={err('assigneeIds')} />
        </Form.Field>
        <Form.Field error={Boolean(err('departmentIds'))}>
          <label>{w('fields.departments')}</label>
          <Controller
            control={control}
            name="departmentIds"
            render={({ field }) => (
              <Dropdown fluid multiple search selection options={departments} value={field.value ?? []} placeholder={w('placeholder.pickDepartments')} data-testid="work-task-departments" onChange={(_e, d) => field.onChange(d.value as string[])} />
            )}
          />
          <FieldError testId="work-task-departments" error={err('departmentIds')} />
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={w('actions.assign')} data-testid="work-task-save" />
        <Button type="button" size="small" content={w('actions.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}
