import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Form, Modal } from 'semantic-ui-react';
import { KNOWLEDGE_LIMITS, type KnowledgeCategory, knowledgeCategoryInputSchema, type KnowledgeCategoryValues } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { FieldError } from '../components/form-field.js';
import { RefsSelect } from '../resources/ref-select.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { adminResolver } from '../views/ms/admin-form.js';
import { categoryName, depths, subtree } from './category-names.js';
import { useDeleteCategory } from './use-delete-category.js';
import { useKnowledgeT } from './use-knowledge-t.js';
import { useSaveCategory } from './use-save-category.js';

/** What the category form's inputs hold ('' where a select or a number input is empty). */
export interface CategoryDraft {
  id: string | null;
  parentId: string;
  name: string;
  nameEn: string;
  sort: string;
  everyone: boolean;
  roles: string[];
  departmentIds: string[];
  editorIds: string[];
}

export const newCategoryDraft = (parentId = ''): CategoryDraft => ({ id: null, parentId, name: '', nameEn: '', sort: '0', everyone: true, roles: [], departmentIds: [], editorIds: [] });
export const categoryDraft = (c: KnowledgeCategory): CategoryDraft => ({
  id: c.id,
  parentId: c.parentId ?? '',
  name: c.name,
  nameEn: c.nameEn,
  sort: String(c.sort),
  everyone: c.everyone,
  roles: c.roles,
  departmentIds: c.departmentIds,
  editorIds: c.editors.map((e) => e.id),
});

// the schema the server validates with, on the draft as sent
const resolver = adminResolver(knowledgeCategoryInputSchema, (d: CategoryDraft) => ({ ...d, parentId: d.parentId || null, sort: d.sort === '' ? 0 : d.sort }));

/**
 * 新建分类 / 编辑分类 (knowledge:manage): where it sits, its names, who reads it — everyone, or the roles and
 * departments chosen — and its editors; an existing one may be deleted when empty (the server says when it is not).
 */
export function CategoryForm({ draft, categories, onClose }: { draft: CategoryDraft; categories: readonly KnowledgeCategory[]; onClose: () => void }) {
  const { k, lang } = useKnowledgeT();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const { register, control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver });
  const everyone = useWatch({ control, name: 'everyone' });
  const err = (field: keyof CategoryDraft) => fieldMessage(formState.errors[field]);
  const below = draft.id ? subtree(categories, draft.id) : new Set<string>();
  const depth = depths(categories);
  const parents = categories.filter((c) => !below.has(c.id) && (depth.get(c.id) ?? 0) < KNOWLEDGE_LIMITS.depth - 1);
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ id: draft.id, body });
      toast.success(res.msg);
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const destroy = async () => {
    if (!draft.id || !(await confirmAction(k('category.deleteConfirm', { name: draft.name })))) return;
    try {
      const res = await remove.mutateAsync(draft.id);
      toast.success(res.msg);
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <Modal open size="small" onClose={onClose} closeOnDimmerClick={false} data-testid="kb-category-form">
      <Modal.Header>{draft.id ? k('tree.edit') : k('tree.create')}</Modal.Header>
      <Modal.Content scrolling>
        <Form onSubmit={() => void submit()} noValidate>
          <Form.Group widths="equal">
            <Form.Field required error={Boolean(err('name'))}>
              <label htmlFor="kb-category-name">{k('category.name')}</label>
              <input id="kb-category-name" data-testid="kb-category-name" maxLength={KNOWLEDGE_LIMITS.nameMax + 10} {...register('name')} />
              <FieldError testId="kb-category-name" error={err('name')} />
            </Form.Field>
            <Form.Field error={Boolean(err('nameEn'))}>
              <label htmlFor="kb-category-name-en">{k('category.nameEn')}</label>
              <input id="kb-category-name-en" data-testid="kb-category-name-en" {...register('nameEn')} />
              <FieldError testId="kb-category-name-en" error={err('nameEn')} />
            </Form.Field>
          </Form.Group>
          <Form.Group widths="equal">
            <Form.Field error={Boolean(err('parentId'))}>
              <label htmlFor="kb-category-parent">{k('category.parent')}</label>
              <select id="kb-category-parent" className="ui fluid dropdown" data-testid="kb-category-parent" {...register('parentId')}>
                <option value="">{k('category.top')}</option>
                {parents.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${'　'.repeat(depth.get(c.id) ?? 0)}${categoryName(c, lang)}`}
                  </option>
                ))}
              </select>
              <FieldError testId="kb-category-parent" error={err('parentId')} />
            </Form.Field>
            <Form.Field error={Boolean(err('sort'))}>
              <label htmlFor="kb-category-sort">{k('category.sort')}</label>
              <input id="kb-category-sort" type="number" min={0} max={KNOWLEDGE_LIMITS.sortMax} data-testid="kb-category-sort" {...register('sort')} />
              <FieldError testId="kb-category-sort" error={err('sort')} />
            </Form.Field>
          </Form.Group>
          <EveryoneToggle control={control} label={k('category.everyone')} />
          <div className="sf-hint">{k('category.readersHint')}</div>
          {everyone ? null : (
            <Form.Group widths="equal">
              <Form.Field error={Boolean(err('roles'))}>
                <label htmlFor="kb-category-roles">{k('category.roles')}</label>
                <ChosenIds control={control} name="roles" source="roles" testId="kb-category-roles" max={KNOWLEDGE_LIMITS.roles} />
                <FieldError testId="kb-category-roles" error={err('roles')} />
              </Form.Field>
              <Form.Field error={Boolean(err('departmentIds'))}>
                <label htmlFor="kb-category-departments">{k('category.departments')}</label>
                <ChosenIds control={control} name="departmentIds" source="departments" testId="kb-category-departments" max={KNOWLEDGE_LIMITS.departments} />
                <FieldError testId="kb-category-departments" error={err('departmentIds')} />
              </Form.Field>
            </Form.Group>
          )}
          <Form.Field error={Boolean(err('editorIds'))}>
            <label htmlFor="kb-category-editors">{k('category.editors')}</label>
            <ChosenIds control={control} name="editorIds" source="teachers" testId="kb-category-editors" max={KNOWLEDGE_LIMITS.editors} alwaysSearch />
            <FieldError testId="kb-category-editors" error={err('editorIds')} />
          </Form.Field>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        {draft.id ? <Button type="button" basic color="red" floated="left" content={k('category.delete')} loading={remove.isPending} onClick={() => void destroy()} data-testid="kb-category-form-delete" /> : null}
        <Button type="button" basic content={k('category.cancel')} onClick={onClose} data-testid="kb-category-form-cancel" />
        <Button type="button" primary content={k('category.save')} loading={formState.isSubmitting} disabled={formState.isSubmitting} onClick={() => void submit()} data-testid="kb-category-form-save" />
      </Modal.Actions>
    </Modal>
  );
}

type DraftControl = Control<CategoryDraft, unknown, KnowledgeCategoryValues>;

function EveryoneToggle({ control, label }: { control: DraftControl; label: string }) {
  const { field } = useController({ control, name: 'everyone' });
  return (
    <Form.Field>
      <Checkbox toggle label={label} checked={field.value} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid="kb-category-everyone" data-checked={field.value ? '1' : '0'} />
    </Form.Field>
  );
}

/** Roles, departments or staff chosen from the platform's option sources. */
function ChosenIds({ control, name, source, testId, max, alwaysSearch }: { control: DraftControl; name: 'roles' | 'departmentIds' | 'editorIds'; source: string; testId: string; max: number; alwaysSearch?: boolean }) {
  const { field } = useController({ control, name });
  return <RefsSelect source={source} value={field.value} onValue={field.onChange} testId={testId} max={max} alwaysSearch={alwaysSearch} />;
}
