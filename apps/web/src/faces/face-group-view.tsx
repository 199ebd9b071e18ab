import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button, Form, Label, Loader, Message, Modal, Segment, Table } from 'semantic-ui-react';
import { type FaceGroup, faceGroupSchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { FieldError } from '../components/form-field.js';
import type { ViewProps } from '../router/view-props.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { useDeleteFaceGroup } from './use-delete-face-group.js';
import { useFaceGroups } from './use-face-groups.js';
import { useFacesT } from './use-faces-t.js';
import { useSaveFaceGroup } from './use-save-face-group.js';
import './faces.css';
import { EmptyRow } from '../components/empty-state.js';

/** The form as typed: the members one account a line (or comma-separated). */
interface Draft {
  name: string;
  description: string;
  accounts: string;
}
const toValues = (d: Draft) => ({ name: d.name, description: d.description, accounts: d.accounts.split(/[\s,，]+/).filter(Boolean) });

/** The contract's schema checks the form as the server will read it (the textarea's accounts as a list). */
const groupResolver: Resolver<Draft> = (draft) => {
  const r = faceGroupSchema.safeParse(toValues(draft));
  if (r.success) return { values: draft, errors: {} };
  const errors: FieldErrors<Draft> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0]) as keyof Draft;
    errors[key] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};

function GroupForm({ group, onClose }: { group: FaceGroup | null; onClose: () => void }) {
  const { f } = useFacesT();
  const save = useSaveFaceGroup();
  const { register, handleSubmit, formState } = useForm<Draft>({
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '', accounts: (group?.members ?? []).map((m) => m.account).join('\n') },
    resolver: groupResolver,
  });
  const submit = handleSubmit(async (draft) => {
    try {
      const res = await save.mutateAsync({ id: group?.id ?? null, body: faceGroupSchema.parse(toValues(draft)) });
      toast.success(res.msg || f('results.saved'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const err = (k: keyof Draft) => fieldMessage(formState.errors[k]);
  return (
    <Modal open size="small" onClose={onClose} data-testid="face-group-form">
      <Modal.Header>{group ? f('actions.edit') : f('actions.add')}</Modal.Header>
      <Modal.Content>
        <Form onSubmit={() => void submit()} id="face-group-form">
          <Form.Field required error={Boolean(err('name'))}>
            <label htmlFor="face-group-name">{f('fields.name')}</label>
            <input id="face-group-name" data-testid="face-group-name" {...register('name')} />
            <FieldError testId="face-group-name" error={err('name')} />
          </Form.Field>
          <Form.Field error={Boolean(err('description'))}>
            <label htmlFor="face-group-description">{f('fields.description')}</label>
            <input id="face-group-description" data-testid="face-group-description" {...register('description')} />
            <FieldError testId="face-group-description" error={err('description')} />
          </Form.Field>
          <Form.Field error={Boolean(err('accounts'))}>
            <label htmlFor="face-group-accounts">{f('fields.members')}</label>
            <textarea id="face-group-accounts" rows={5} placeholder={f('hints.membersHint')} data-testid="face-group-accounts" {...register('accounts')} />
            <FieldError testId="face-group-accounts" error={err('accounts')} />
          </Form.Field>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button basic content={f('actions.cancel')} onClick={onClose} />
        <Button primary type="submit" form="face-group-form" loading={save.isPending} content={f('actions.save')} data-testid="face-group-save" />
      </Modal.Actions>
    </Modal>
  );
}

/**
 * 人脸分组 (`/faceRecognition/group`; docs/product/campus-life.md#face-recognition): groups of people by account — e.g.
 * a campus's teachers — with how many faces each member registered; the settings choose the check-in group.
 */
export default function FaceGroupView({ active }: ViewProps) {
  const { f } = useFacesT();
  const groups = useFaceGroups(active);
  const deleting = useDeleteFaceGroup();
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<FaceGroup | 'new'>();
  const remove = async (g: FaceGroup) => {
    if (!(await confirmAction(f('hints.confirmDeleteGroup', { name: g.name })))) return;
    try {
      const res = await deleting.mutateAsync(g.id);
      toast.success(res.msg || f('results.deleted'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <div className="sf-page sf-faces" data-testid="face-group-view">
      <Segment className="sf-card">
        <div className="sf-faces-toolbar">
          <h3>{f('page.groups')}</h3>
          <Button primary size="small" icon="plus" content={f('actions.add')} onClick={() => openEditor('new')} data-testid="face-group-add" />
        </div>
        {groups.isLoading ? <Loader active inline="centered" size="small" /> : null}
        {groups.error ? <Message negative content={errorMessage(groups.error)} /> : null}
        <Table compact celled className="sf-table" data-testid="face-groups">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{f('fields.name')}</Table.HeaderCell>
              <Table.HeaderCell>{f('fields.description')}</Table.HeaderCell>
              <Table.HeaderCell>{f('fields.memberCount')}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(groups.data ?? []).map((g) => (
              <Table.Row key={g.id} data-testid="face-group" data-name={g.name}>
                <Table.Cell>
                  {g.name} {g.checkin ? <Label size="mini" color="blue" content={f('hints.checkinGroupMark')} /> : null}
                </Table.Cell>
                <Table.Cell>{g.description}</Table.Cell>
                <Table.Cell>
                  {g.members.map((m) => (
                    <Label key={m.userId} size="mini" basic={m.registrations === 0} title={`${f('fields.registered')}: ${m.registrations}`}>
                      {m.name}
                    </Label>
                  ))}
                </Table.Cell>
                <Table.Cell collapsing>
                  <Button size="mini" basic content={f('actions.edit')} onClick={() => openEditor(g)} data-testid="face-group-edit" />
                  <Button size="mini" basic negative content={f('actions.delete')} onClick={() => void remove(g)} data-testid="face-group-delete" />
                </Table.Cell>
              </Table.Row>
            ))}
            {groups.data && groups.data.length === 0 ? <EmptyRow colSpan={4} text={f('empty')} /> : null}
          </Table.Body>
        </Table>
      </Segment>
      {editing ? <GroupForm group={editing === 'new' ? null : editing} onClose={closeEditor} /> : null}
    </div>
  );
}
