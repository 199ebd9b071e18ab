import { ORGANISATION_JOIN_FLOW, organisationProfilePage } from '@schoolflow/contracts';
import { Link } from 'react-router-dom';
import { Label, List, Message, Segment, Table } from 'semantic-ui-react';
import { PageLoader } from '../components/page-loader.js';
import type { ViewProps } from '../router/view-props.js';
import { schoolTime } from '../workflow/flow-model.js';
import { detailPath } from '../workflow/labels.js';
import { useTaskQueue } from '../workflow/use-task-queue.js';
import { KIND_COLOURS, kindKey } from './organisation-labels.js';
import { useMyOrganisations } from './use-organisation-queries.js';
import { useOrganisationsT } from './use-organisations-t.js';
import { withNote } from '../i18n/punctuation.js';
import './organisations.css';

const PAGE = { current: 1, size: 50 };

/**
 * 入会审核 (`/xszz/rhsh`; docs/product/campus-life.md#joining): the join requests waiting for me — the flow kit's queue of
 * the flow, each opened on the kit's page where it is approved or refused — and the bodies I advise.
 */
export default function JoinReviewView({ active }: ViewProps) {
  const { o } = useOrganisationsT();
  const queue = useTaskQueue({ flow: ORGANISATION_JOIN_FLOW, ...PAGE }, active);
  const mine = useMyOrganisations(active);
  const rows = queue.page.list;
  return (
    <div className="sf-page sf-orgs" data-testid="org-review">
      <Segment className="sf-card">
        <h3>{o('sections.queue')}</h3>
        <Message info size="small" content={o('hints.review')} />
        {queue.loading && rows.length === 0 ? <PageLoader /> : null}
        {!queue.loading && rows.length === 0 ? <Message info size="small" content={o('empty.queue')} data-testid="org-queue-empty" /> : null}
        {rows.length > 0 ? (
          <Table compact unstackable data-testid="org-queue">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{o('fields.applicant')}</Table.HeaderCell>
                <Table.HeaderCell>{o('fields.organisation')}</Table.HeaderCell>
                <Table.HeaderCell>{o('fields.reason')}</Table.HeaderCell>
                <Table.HeaderCell>{o('fields.submittedAt')}</Table.HeaderCell>
                <Table.HeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid={`org-queue-${r.id}`}>
                  <Table.Cell>{r.student ? withNote(r.applicant.name, r.student.className) : r.applicant.name}</Table.Cell>
                  <Table.Cell>{String(r.form.organisationId ?? '')}</Table.Cell>
                  <Table.Cell>{String(r.form.reason ?? '')}</Table.Cell>
                  <Table.Cell>{schoolTime(r.createdAt)}</Table.Cell>
                  <Table.Cell collapsing>
                    <Link to={detailPath(ORGANISATION_JOIN_FLOW, r.id)} className="ui mini primary button" data-testid={`org-queue-open-${r.id}`}>
                      {o('actions.review')}
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : null}
      </Segment>
      <Segment className="sf-card">
        <h3>{o('sections.advising')}</h3>
        {mine.isPending ? <PageLoader /> : null}
        {mine.data && mine.data.advising.length === 0 ? <Message info size="small" content={o('empty.advising')} /> : null}
        {mine.data && mine.data.advising.length > 0 ? (
          <List divided relaxed data-testid="org-advising">
            {mine.data.advising.map((b) => (
              <List.Item key={b.id}>
                <Label size="tiny" color={KIND_COLOURS[b.kind]} content={o(kindKey(b.kind))} /> <Link to={organisationProfilePage(b.id)}>{b.name}</Link>
              </List.Item>
            ))}
          </List>
        ) : null}
      </Segment>
    </div>
  );
}
