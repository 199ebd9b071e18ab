import { ORGANISATION_JOIN_FLOW, organisationProfilePage, type WorkflowListItem } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import { Link, useSearchParams } from 'react-router-dom';
import { Label, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import type { ViewProps } from '../router/view-props.js';
import { FlowForm } from '../workflow/flow-form.js';
import { schoolTime } from '../workflow/flow-model.js';
import { detailPath, stateLabel } from '../workflow/labels.js';
import { useFlowList } from '../workflow/use-flow-list.js';
import { kindKey, roleKey } from './organisation-labels.js';
import { useMyOrganisations } from './use-organisation-queries.js';
import { useOrganisationsT } from './use-organisations-t.js';
import './organisations.css';

const PAGE = { current: 1, size: 50 };

/** My join requests (the flow kit's list of mine), newest first; each opens the kit's page of the request. */
function MyRequests({ rows }: { rows: readonly WorkflowListItem[] }) {
  const { o, lang } = useOrganisationsT();
  if (rows.length === 0) return <Message info size="small" content={o('empty.requests')} />;
  return (
    <Table compact unstackable data-testid="org-my-requests">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{o('fields.organisation')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.reason')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.state')}</Table.HeaderCell>
          <Table.HeaderCell>{o('fields.submittedAt')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.id} data-testid={`org-request-${r.id}`}>
            <Table.Cell>
              <Link to={detailPath(ORGANISATION_JOIN_FLOW, r.id)}>{String(r.form.organisationId ?? '')}</Link>
            </Table.Cell>
            <Table.Cell>{String(r.form.reason ?? '')}</Table.Cell>
            <Table.Cell data-testid={`org-request-state-${r.id}`}>{stateLabel(r.state, lang)}</Table.Cell>
            <Table.Cell>{schoolTime(r.createdAt)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/**
 * 我的组织 (`/xszz/wdzz`; docs/product/campus-life.md#joining): ask to join a body (the flow kit's form; `?apply=` fills
 * the body in), my requests, and my terms — current and past.
 */
export default function MyOrganisationsView({ active }: ViewProps) {
  const { o } = useOrganisationsT();
  const [params] = useSearchParams();
  const def = flowOf(ORGANISATION_JOIN_FLOW);
  const mine = useMyOrganisations(active);
  const requests = useFlowList({ scope: 'mine', flow: ORGANISATION_JOIN_FLOW, ...PAGE }, active);
  const apply = params.get('apply') ?? '';
  return (
    <div className="sf-page sf-orgs" data-testid="org-mine">
      <Message info size="small" content={o('hints.mine')} />
      {mine.data && mine.data.joining > 0 ? <Message info content={o('hints.joining')} data-testid="org-mine-joining" /> : null}
      {/* keyed by the body asked for, so following another "ask to join" opens the form with that one */}
      {def ? <FlowForm key={apply} def={def} initial={apply ? { organisationId: apply } : undefined} /> : null}
      <Segment className="sf-card">
        <h3>{o('sections.myRequests')}</h3>
        {requests.loading && requests.page.list.length === 0 ? <PageLoader /> : <MyRequests rows={requests.page.list} />}
      </Segment>
      <Segment className="sf-card">
        <h3>{o('sections.myTerms')}</h3>
        {mine.isPending ? <PageLoader /> : mine.isError ? <Message negative content={errorMessage(mine.error)} /> : null}
        {mine.data && mine.data.terms.length === 0 ? <Message info size="small" content={o('empty.terms')} /> : null}
        {mine.data && mine.data.terms.length > 0 ? (
          <Table compact unstackable data-testid="org-my-terms">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{o('fields.organisation')}</Table.HeaderCell>
                <Table.HeaderCell>{o('fields.kind')}</Table.HeaderCell>
                <Table.HeaderCell>{o('fields.role')}</Table.HeaderCell>
                <Table.HeaderCell>{o('fields.from')}</Table.HeaderCell>
                <Table.HeaderCell>{o('fields.to')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {mine.data.terms.map((t) => (
                <Table.Row key={t.id} data-testid={`org-my-term-${t.organisationId}`}>
                  <Table.Cell>
                    <Link to={organisationProfilePage(t.organisationId)}>{t.organisationName}</Link>
                  </Table.Cell>
                  <Table.Cell>{o(kindKey(t.kind))}</Table.Cell>
                  <Table.Cell>
                    {o(roleKey(t.kind, t.role))} <Label size="mini" basic={!t.current} color={t.current ? 'teal' : undefined} content={o(`badges.${t.status}`)} data-testid={`org-my-term-status-${t.id}`} />
                  </Table.Cell>
                  <Table.Cell>{t.from}</Table.Cell>
                  <Table.Cell>{t.to ?? o('fields.open')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : null}
      </Segment>
    </div>
  );
}
