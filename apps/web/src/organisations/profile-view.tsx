import { formatSchoolTime, type MemberTerm, ORGANISATION_JOIN_FLOW, type OrganisationActivity, type OrganisationProfile } from '@schoolflow/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Header, Label, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import type { ViewProps } from '../router/view-props.js';
import { schoolTime } from '../workflow/flow-model.js';
import { detailPath } from '../workflow/labels.js';
import { ActivityForm } from './activity-form.js';
import { applyPage } from './directory-view.js';
import { AddMemberForm, ChangeRoleForm, EndTermForm } from './member-forms.js';
import { KIND_COLOURS, kindKey, roleKey } from './organisation-labels.js';
import { useOrganisationActivities, useOrganisationProfile } from './use-organisation-queries.js';
import { useOrganisationsT } from './use-organisations-t.js';
import './organisations.css';

/** The school's day, taken when a form opens (an event, not a render). */
const schoolToday = () => formatSchoolTime(Date.now()).slice(0, 10);

type Editing = { mode: 'add'; today: string } | { mode: 'role' | 'end'; term: MemberTerm; today: string } | { mode: 'activity' } | null;

/** Terms as a table: who, their class or children, the role as the kind names it, from and to; a manager's actions. */
function Terms({ p, terms, testId, onEdit }: { p: OrganisationProfile; terms: MemberTerm[]; testId: string; onEdit?: (mode: 'role' | 'end', t: MemberTerm) => void }) {
  const { o } = useOrganisationsT();
  return (
    <Table compact unstackable data-testid={testId}>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{o('fields.person')}</Table.HeaderCell>
          <Table.HeaderCell>{p.kind === 'parentCommittee' ? o('fields.children') : o('fields.detail')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.role')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.from')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.to')}</Table.HeaderCell>
          {onEdit ? <Table.HeaderCell /> : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {terms.map((t) => (
          <Table.Row key={t.id} data-testid={`org-term-${t.id}`} data-user={t.userId}>
            <Table.Cell>{t.name}</Table.Cell>
            <Table.Cell>{t.detail}</Table.Cell>
            <Table.Cell data-testid={`org-term-role-${t.id}`}>{o(roleKey(p.kind, t.role))}</Table.Cell>
            <Table.Cell>{t.from}</Table.Cell>
            <Table.Cell>{t.to ?? o('fields.open')}</Table.Cell>
            {onEdit ? (
              <Table.Cell collapsing>
                <Button size="mini" basic content={o('actions.changeRole')} onClick={() => onEdit('role', t)} data-testid={`org-term-change-${t.id}`} />
                <Button size="mini" basic content={o('actions.end')} onClick={() => onEdit('end', t)} data-testid={`org-term-end-${t.id}`} />
              </Table.Cell>
            ) : null}
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/** The body's activities: posts of the publishing area, each opened there by those it was sent to. */
function Activities({ list }: { list: OrganisationActivity[] }) {
  const { o } = useOrganisationsT();
  if (list.length === 0) return <Message info size="small" content={o('empty.activities')} />;
  return (
    <Table compact unstackable data-testid="org-activities">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{o('fields.title')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.startAt')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.place')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.author')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.publishedAt')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.map((a) => (
          <Table.Row key={a.postId} data-testid={`org-activity-${a.postId}`}>
            <Table.Cell>{a.readable ? <Link to={`/publishing/activity?id=${encodeURIComponent(a.postId)}`}>{a.title}</Link> : a.title}</Table.Cell>
            <Table.Cell>{schoolTime(a.startAt)}</Table.Cell>
            <Table.Cell>{a.place ?? ''}</Table.Cell>
            <Table.Cell>{a.authorName}</Table.Cell>
            <Table.Cell>{schoolTime(a.publishedAt)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/**
 * 组织详情 (`/xszz/zzxq?id=`; docs/product/campus-life.md#organisations): the body, its current members and its
 * activities for everyone; its advisor (and the office) add members, change roles, end terms, see the history and the
 * waiting join requests, and publish activities.
 */
export default function OrganisationProfileView({ active }: ViewProps) {
  const { o } = useOrganisationsT();
  const [params] = useSearchParams();
  const id = params.get('id');
  const profile = useOrganisationProfile(id, active);
  const activities = useOrganisationActivities(id, active);
  const [editing, setEditing] = useState<Editing>(null);
  const p = profile.data;
  if (!id) return <Message warning content={o('errors.notFound')} />;
  if (profile.isPending) return <PageLoader />;
  if (!p) return <Message negative content={errorMessage(profile.error)} data-testid="org-profile-error" />;
  const done = () => setEditing(null);
  return (
    <div className="sf-page sf-orgs" data-testid="org-profile" data-id={p.id}>
      <Segment className="sf-card">
        <Header as="h2" className="sf-org-title">
          {p.name}
          <Label size="small" color={KIND_COLOURS[p.kind]} content={o(kindKey(p.kind))} />
          {p.enabled ? null : <Label size="small" content={o('badges.disabled')} />}
          {p.myRole ? <Label size="small" color="teal" content={o(roleKey(p.kind, p.myRole))} data-testid="org-profile-my-role" /> : null}
        </Header>
        <div className="sf-sub">
          {o('fields.advisorOf', { name: p.advisorName })}
          {p.foundedOn ? ` · ${o('fields.foundedOn', { date: p.foundedOn })}` : ''}
          {` · ${o('fields.members', { n: p.current.length })}`}
        </div>
        {p.description ? <p className="sf-org-about">{p.description}</p> : null}
        {p.mayApply ? <Link to={applyPage(p.id)} className="ui small primary button" data-testid="org-profile-apply">{o('actions.apply')}</Link> : null}
        {p.myRequestId ? (
          <Link to={detailPath(ORGANISATION_JOIN_FLOW, p.myRequestId)} className="ui small basic yellow button" data-testid="org-profile-my-request">
            {o('badges.pending')}
          </Link>
        ) : null}
        {p.joining > 0 ? <Message info size="small" content={o('hints.joining')} data-testid="org-profile-joining" /> : null}
      </Segment>

      <Segment className="sf-card">
        <h3>{o('sections.current')}</h3>
        {p.canManage && editing === null ? <Button primary size="small" icon="user plus" content={o('actions.add')} onClick={() => setEditing({ mode: 'add', today: schoolToday() })} data-testid="org-member-add" /> : null}
        {editing?.mode === 'add' ? <AddMemberForm bodyId={p.id} kind={p.kind} today={editing.today} onDone={done} /> : null}
        {editing?.mode === 'role' ? <ChangeRoleForm bodyId={p.id} kind={p.kind} term={editing.term} today={editing.today} onDone={done} /> : null}
        {editing?.mode === 'end' ? <EndTermForm bodyId={p.id} term={editing.term} today={editing.today} onDone={done} /> : null}
        {p.current.length === 0 ? <Message info size="small" content={o('empty.members')} /> : <Terms p={p} terms={p.current} testId="org-current" onEdit={p.canManage ? (mode, term) => setEditing({ mode, term, today: schoolToday() }) : undefined} />}
      </Segment>

      {p.canManage ? (
        <Segment className="sf-card" data-testid="org-pending-card">
          <h3>{o('sections.pending')}</h3>
          {p.pending.length === 0 ? (
            <Message info size="small" content={o('empty.pending')} />
          ) : (
            <Table compact unstackable data-testid="org-pending">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{o('fields.applicant')}</Table.HeaderCell>
                  <Table.HeaderCell>{p.kind === 'parentCommittee' ? o('fields.children') : o('fields.detail')}</Table.HeaderCell>
                  <Table.HeaderCell>{o('fields.reason')}</Table.HeaderCell>
                  <Table.HeaderCell>{o('fields.submittedAt')}</Table.HeaderCell>
                  <Table.HeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {p.pending.map((r) => (
                  <Table.Row key={r.id} data-testid={`org-pending-${r.id}`}>
                    <Table.Cell>{r.applicantName}</Table.Cell>
                    <Table.Cell>{r.detail}</Table.Cell>
                    <Table.Cell>{r.reason}</Table.Cell>
                    <Table.Cell>{schoolTime(r.createdAt)}</Table.Cell>
                    <Table.Cell collapsing>
                      <Link to={detailPath(ORGANISATION_JOIN_FLOW, r.id)} className="ui mini primary button">
                        {o('actions.review')}
                      </Link>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
        </Segment>
      ) : null}

      {p.canManage || p.history.length > 0 ? (
        <Segment className="sf-card">
          <h3>{o('sections.history')}</h3>
          <div className="sf-sub">{o('hints.history')}</div>
          {p.history.length === 0 ? <Message info size="small" content={o('empty.history')} /> : <Terms p={p} terms={p.history} testId="org-history" />}
        </Segment>
      ) : null}

      <Segment className="sf-card">
        <h3>{o('sections.activities')}</h3>
        {p.canManage && p.enabled && editing === null ? <Button primary size="small" icon="bullhorn" content={o('actions.publish')} onClick={() => setEditing({ mode: 'activity' })} data-testid="org-activity-new" /> : null}
        {editing?.mode === 'activity' ? <ActivityForm bodyId={p.id} onDone={done} /> : null}
        {activities.isPending ? <PageLoader /> : activities.data ? <Activities list={activities.data} /> : <Message negative content={errorMessage(activities.error)} />}
      </Segment>
    </div>
  );
}
