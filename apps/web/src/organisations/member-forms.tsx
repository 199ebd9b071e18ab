import { zodResolver } from '@hookform/resolvers/zod';
import { addMemberSchema, type AddMemberValues, changeRoleSchema, type ChangeRoleValues, endTermSchema, type EndTermValues, MEMBER_ROLES, type MemberRole, type MemberTerm, type OrganisationKind } from '@schoolflow/contracts';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Button, Form, List, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { roleKey } from './organisation-labels.js';
import { useAddMember, useChangeRole, useEndTerm } from './use-organisation-commands.js';
import { useOrganisationCandidates } from './use-organisation-queries.js';
import { useOrganisationsT } from './use-organisations-t.js';
import { labelled, withNote } from '../i18n/punctuation.js';

/** The message of a form field's error, in words. */
const messageOf = (error: unknown): string | undefined => {
  const m = firstMessage(error);
  return m ? namespacedMessage(m) : undefined;
};

function RoleSelect({ kind, value, onChange, testId }: { kind: OrganisationKind; value: string; onChange: (v: string) => void; testId: string }) {
  const { o } = useOrganisationsT();
  return (
    <select id={testId} className="ui dropdown" data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
      {MEMBER_ROLES.map((r) => (
        <option key={r} value={r}>
          {o(roleKey(kind, r))}
        </option>
      ))}
    </select>
  );
}

interface AddDraft {
  userId: string;
  role: MemberRole;
  from: string;
  to: string;
}

/** Who to add: typed, looked up among the students (parents, for the parent committee), one chosen. */
function PersonPicker({ bodyId, value, onChange }: { bodyId: string; value: string; onChange: (id: string) => void }) {
  const { o } = useOrganisationsT();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState('');
  const found = useOrganisationCandidates(bodyId, asked);
  return (
    <>
      <div className="ui action input fluid">
        <input data-testid="org-member-search" placeholder={o('fields.search')} value={typed} onChange={(e) => setTyped(e.target.value)} onKeyDown={(e) => (e.key === 'Enter' ? (e.preventDefault(), setAsked(typed.trim())) : undefined)} />
        <Button type="button" content={o('actions.find')} onClick={() => setAsked(typed.trim())} data-testid="org-member-find" />
      </div>
      {found.data && found.data.length === 0 ? <Message size="tiny" content={o('hints.noneFound')} /> : null}
      {found.data && found.data.length > 0 ? (
        <List selection divided className="sf-org-candidates" data-testid="org-candidates">
          {found.data.map((c) => (
            <List.Item key={c.userId} active={c.userId === value} onClick={() => onChange(c.userId)} data-testid={`org-candidate-${c.account}`}>
              <List.Content>
                <List.Header>{withNote(c.name, c.account)}</List.Header>
                {c.detail ? <List.Description>{c.detail}</List.Description> : null}
              </List.Content>
            </List.Item>
          ))}
        </List>
      ) : null}
    </>
  );
}

/** 添加成员: a person, a role, from a day (today unless said), to a day if known — the contract's schema here and on the server. */
export function AddMemberForm({ bodyId, kind, today, onDone }: { bodyId: string; kind: OrganisationKind; today: string; onDone: () => void }) {
  const { o } = useOrganisationsT();
  const add = useAddMember(bodyId);
  const { register, control, handleSubmit, formState } = useForm<AddDraft, unknown, AddMemberValues>({
    defaultValues: { userId: '', role: 'member', from: today, to: '' },
    resolver: zodResolver(addMemberSchema) as unknown as Resolver<AddDraft, unknown, AddMemberValues>,
  });
  const save = handleSubmit(async (body) => {
    try {
      const res = await add.mutateAsync(body);
      toast.success(res.msg || o('results.added'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="org-member-form">
      <Form onSubmit={() => void save()}>
        <Form.Field required error={Boolean(messageOf(formState.errors.userId))}>
          <label>{o('fields.person')}</label>
          <Controller control={control} name="userId" render={({ field }) => <PersonPicker bodyId={bodyId} value={field.value} onChange={field.onChange} />} />
          <FieldError testId="org-member-person" error={messageOf(formState.errors.userId)} />
        </Form.Field>
        <Form.Group widths="equal">
          <Form.Field required>
            <label htmlFor="org-member-role">{o('fields.role')}</label>
            <Controller control={control} name="role" render={({ field }) => <RoleSelect kind={kind} value={field.value} onChange={field.onChange} testId="org-member-role" />} />
          </Form.Field>
          <Form.Field required error={Boolean(messageOf(formState.errors.from))}>
            <label htmlFor="org-member-from">{o('fields.from')}</label>
            <input id="org-member-from" type="date" data-testid="org-member-from" {...register('from')} />
            <FieldError testId="org-member-from" error={messageOf(formState.errors.from)} />
          </Form.Field>
          <Form.Field error={Boolean(messageOf(formState.errors.to))}>
            <label htmlFor="org-member-to">{o('fields.to')}</label>
            <input id="org-member-to" type="date" data-testid="org-member-to" {...register('to')} />
            <FieldError testId="org-member-to" error={messageOf(formState.errors.to)} />
          </Form.Field>
        </Form.Group>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={o('actions.save')} data-testid="org-member-save" />
        <Button type="button" size="small" content={o('actions.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}

/** 变更职务: another role from a day (the term ends the day before; the old one stays in the history). */
export function ChangeRoleForm({ bodyId, kind, term, today, onDone }: { bodyId: string; kind: OrganisationKind; term: MemberTerm; today: string; onDone: () => void }) {
  const { o } = useOrganisationsT();
  const change = useChangeRole(bodyId);
  const { register, control, handleSubmit, formState } = useForm<ChangeRoleValues>({ defaultValues: { role: term.role === 'member' ? 'secretary' : 'member', from: today }, resolver: zodResolver(changeRoleSchema) });
  const save = handleSubmit(async (body) => {
    try {
      const res = await change.mutateAsync({ termId: term.id, body });
      toast.success(res.msg || o('results.roleChanged'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="org-role-form">
      <h4>{labelled(o('actions.changeRole'), term.name)}</h4>
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field required>
            <label htmlFor="org-role-role">{o('fields.role')}</label>
            <Controller control={control} name="role" render={({ field }) => <RoleSelect kind={kind} value={field.value} onChange={field.onChange} testId="org-role-role" />} />
          </Form.Field>
          <Form.Field required error={Boolean(messageOf(formState.errors.from))}>
            <label htmlFor="org-role-from">{o('fields.changeFrom')}</label>
            <input id="org-role-from" type="date" data-testid="org-role-from" {...register('from')} />
            <FieldError testId="org-role-from" error={messageOf(formState.errors.from)} />
          </Form.Field>
        </Form.Group>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={o('actions.save')} data-testid="org-role-save" />
        <Button type="button" size="small" content={o('actions.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}

/** 结束任期: the term's last day. */
export function EndTermForm({ bodyId, term, today, onDone }: { bodyId: string; term: MemberTerm; today: string; onDone: () => void }) {
  const { o } = useOrganisationsT();
  const end = useEndTerm(bodyId);
  const { register, handleSubmit, formState } = useForm<EndTermValues>({ defaultValues: { to: today }, resolver: zodResolver(endTermSchema) });
  const save = handleSubmit(async (body) => {
    try {
      const res = await end.mutateAsync({ termId: term.id, body });
      toast.success(res.msg || o('results.ended'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="org-end-form">
      <h4>{labelled(o('actions.end'), term.name)}</h4>
      <Form onSubmit={() => void save()}>
        <Form.Field required error={Boolean(messageOf(formState.errors.to))}>
          <label htmlFor="org-end-to">{o('fields.endOn')}</label>
          <input id="org-end-to" type="date" data-testid="org-end-to" {...register('to')} />
          <FieldError testId="org-end-to" error={messageOf(formState.errors.to)} />
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={o('actions.save')} data-testid="org-end-save" />
        <Button type="button" size="small" content={o('actions.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}
