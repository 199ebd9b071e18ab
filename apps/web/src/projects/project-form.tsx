import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button, Form, Modal } from 'semantic-ui-react';
import { PROJECT_LIMITS, type ProjectDetail, projectInputSchema, type ProjectValues } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { fieldMessage, firstMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useProjectsT } from './use-projects-t.js';
import { useSaveProject } from './use-save-project.js';

interface Draft {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  archived: boolean;
}
type Field = keyof Draft;

const schemaResolver = zodResolver(projectInputSchema);
const resolver: Resolver<Draft, unknown, ProjectValues> = async (values, context, options) => {
  const parsed = await schemaResolver(values as never, context, options as never);
  const errors: FieldErrors<Draft> = {};
  for (const [field, error] of Object.entries(parsed.errors) as [Field, unknown][]) {
    const message = firstMessage(error);
    if (message) errors[field] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.values as ProjectValues, errors: {} };
};

/** New project / edit one (its owner): name, description, start and end dates, archived — the contract's schema here and on the server. */
export function ProjectForm({ project, onClose, onSaved }: { project: ProjectDetail | null; onClose: () => void; onSaved: (id: string) => void }) {
  const { pj } = useProjectsT();
  const save = useSaveProject();
  const defaults: Draft = project
    ? { name: project.name, description: project.description, startDate: project.startDate ?? '', endDate: project.endDate ?? '', archived: project.archived }
    : { name: '', description: '', startDate: '', endDate: '', archived: false };
  const { register, handleSubmit, formState } = useForm<Draft, unknown, ProjectValues>({ defaultValues: defaults, resolver });
  const err = (field: Field) => fieldMessage(formState.errors[field]);
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ id: project?.id ?? null, body });
      toast.success(res.msg || pj(project ? 'results.saved' : 'results.created'));
      onClose();
      if (res.data) onSaved(res.data.id);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Modal open size="small" onClose={onClose} closeOnDimmerClick={false} data-testid="project-form">
      <Modal.Header>{pj(project ? 'project.edit' : 'list.create')}</Modal.Header>
      <Modal.Content scrolling>
        <Form id="sf-pj-project-form" onSubmit={() => void submit()} noValidate>
          <Form.Field required error={Boolean(err('name'))}>
            <label htmlFor="pj-name">{pj('fields.name')}</label>
            <input id="pj-name" data-testid="project-form-name" maxLength={PROJECT_LIMITS.nameMax + 10} {...register('name')} />
            <FieldError testId="project-form-name" error={err('name')} />
          </Form.Field>
          <Form.Field error={Boolean(err('description'))}>
            <label htmlFor="pj-description">{pj('fields.description')}</label>
            <textarea id="pj-description" rows={3} data-testid="project-form-description" {...register('description')} />
            <FieldError testId="project-form-description" error={err('description')} />
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field error={Boolean(err('startDate'))}>
              <label htmlFor="pj-start">{pj('fields.startDate')}</label>
              <input id="pj-start" type="date" data-testid="project-form-start" {...register('startDate')} />
              <FieldError testId="project-form-start" error={err('startDate')} />
            </Form.Field>
            <Form.Field error={Boolean(err('endDate'))}>
              <label htmlFor="pj-end">{pj('fields.endDate')}</label>
              <input id="pj-end" type="date" data-testid="project-form-end" {...register('endDate')} />
              <FieldError testId="project-form-end" error={err('endDate')} />
            </Form.Field>
          </Form.Group>
          {project ? (
            <Form.Field>
              <div className="ui checkbox">
                <input id="pj-archived" type="checkbox" data-testid="project-form-archived" {...register('archived')} />
                <label htmlFor="pj-archived">{pj('fields.archived')}</label>
              </div>
            </Form.Field>
          ) : null}
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" content={pj('task.cancel')} onClick={onClose} />
        <Button type="submit" form="sf-pj-project-form" primary loading={formState.isSubmitting} content={pj('task.save')} data-testid="project-form-save" />
      </Modal.Actions>
    </Modal>
  );
}
