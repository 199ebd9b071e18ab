import { useForm } from 'react-hook-form';
import { type Todo, TODO_NOTE_MAX, TODO_REMIND_MINUTES, TODO_TITLE_MAX, todoInputSchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';
import { adminResolver, FormSelect, FormText, FormTextArea } from '../views/ms/admin-form.js';
import { FormModal } from '../views/ms/admin-kit.js';
import { useSaveTodo } from './use-save-todo.js';

/** What the form's inputs hold: the due time as a datetime-local input's text, the reminder as a select's ('' none). */
export interface TodoDraft {
  id: string | null;
  title: string;
  note: string;
  due: string;
  remindMinutes: string;
}

export const newTodoDraft = (): TodoDraft => ({ id: null, title: '', note: '', due: '', remindMinutes: '' });
export const todoDraft = (t: Todo): TodoDraft => ({ id: t.id, title: t.title, note: t.note, due: t.due ? t.due.replace(' ', 'T') : '', remindMinutes: t.remindMinutes === null ? '' : String(t.remindMinutes) });

// the datetime-local text is a school time (the server reads it in the school's zone)
const resolver = adminResolver(todoInputSchema, (d: TodoDraft) => ({ title: d.title.trim(), note: d.note, due: d.due, remindMinutes: d.remindMinutes }));

/** The new/edit modal, checked with the schema the server validates with (a reminder needs a due time). */
export function TodoForm({ draft, onClose }: { draft: TodoDraft; onClose: () => void }) {
  const { t } = useT();
  const save = useSaveTodo();
  const { control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver });
  const reminds = [{ value: '', text: t('todos.reminds.none') }, ...TODO_REMIND_MINUTES.map((m) => ({ value: String(m), text: t(`todos.reminds.${String(m) as `${(typeof TODO_REMIND_MINUTES)[number]}`}`) }))];
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ id: draft.id, body });
      toast.success(res.msg || t('admin.saved'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <FormModal open size="tiny" title={draft.id ? t('todos.editTitle') : t('todos.createTitle')} testId="todo-form" saving={formState.isSubmitting} onSave={() => void submit()} onClose={onClose}>
      <FormText control={control} name="title" label={t('todos.titleLabel')} testId="todo-form-title" placeholder={t('todos.titlePlaceholder')} required maxLength={TODO_TITLE_MAX} />
      <FormTextArea control={control} name="note" label={t('todos.note')} testId="todo-form-note" rows={3} maxLength={TODO_NOTE_MAX} />
      <FormText control={control} name="due" label={t('todos.due')} testId="todo-form-due" type="datetime-local" />
      <FormSelect control={control} name="remindMinutes" label={t('todos.remind')} testId="todo-form-remind" options={reminds} />
    </FormModal>
  );
}
