import { ORGANISATION_KINDS, type OrganisationKind, organisationProfilePage, type OrganisationSummary } from '@schoolflow/contracts';
import { Link } from 'react-router-dom';
import { Card, Label, Menu, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import { type ParamCodec, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { KIND_COLOURS, kindKey, roleKey } from './organisation-labels.js';
import { useDirectory } from './use-organisation-queries.js';
import { useOrganisationsT } from './use-organisations-t.js';
import './organisations.css';

/** The kind shown (`?kind=club`); none in the address is every kind. */
const kindParam: ParamCodec<OrganisationKind | null> = { parse: (s) => ORGANISATION_KINDS.find((k) => k === s), format: (k) => k ?? '' };

/** Where one asks to join a body: 我的组织 with the body chosen. */
export const applyPage = (id: string): string => `/xszz/wdzz?apply=${encodeURIComponent(id)}`;

/** One body's card: its kind, advisor and members, my place in it, and what I may do. */
function BodyCard({ b }: { b: OrganisationSummary }) {
  const { o } = useOrganisationsT();
  return (
    <Card fluid data-testid={`org-card-${b.id}`}>
      <Card.Content>
        <Label size="tiny" color={KIND_COLOURS[b.kind]} className="sf-org-kind">
          {o(kindKey(b.kind))}
        </Label>
        <Card.Header>
          <Link to={organisationProfilePage(b.id)} data-testid={`org-open-${b.id}`}>
            {b.name}
          </Link>
        </Card.Header>
        <Card.Meta>{o('fields.advisorOf', { name: b.advisorName })}</Card.Meta>
        {b.description ? <Card.Description className="sf-org-about">{b.description}</Card.Description> : null}
      </Card.Content>
      <Card.Content extra>
        <span className="sf-org-count">{o('fields.members', { n: b.members })}</span>
        {b.myRole ? (
          <Label size="tiny" color="teal" data-testid={`org-my-role-${b.id}`}>
            {o(roleKey(b.kind, b.myRole))}
          </Label>
        ) : null}
        {b.advising ? <Label size="tiny" basic content={o('badges.advising')} /> : null}
        {b.myRequestId ? <Label size="tiny" basic color="yellow" content={o('badges.pending')} /> : null}
        {b.mayApply ? (
          <Link to={applyPage(b.id)} className="ui mini primary button right floated" data-testid={`org-apply-${b.id}`}>
            {o('actions.apply')}
          </Link>
        ) : null}
      </Card.Content>
    </Card>
  );
}

/** 学生组织 (`/xszz/zzlb`; docs/product/campus-life.md#organisations): every body in use, by kind, with my place in each. */
export default function OrganisationDirectoryView({ active }: ViewProps) {
  const { o } = useOrganisationsT();
  const [kind, setKind] = useViewParam('kind', null, kindParam);
  const list = useDirectory(kind, active);
  return (
    <div className="sf-page sf-orgs" data-testid="org-directory">
      <Segment className="sf-card">
        <h3>{o('page.directory')}</h3>
        <Message info size="small" content={o('hints.directory')} />
        <Menu secondary pointing className="sf-org-kinds">
          <Menu.Item active={kind === null} onClick={() => setKind(null)} content={o('actions.all')} data-testid="org-kind-all" />
          {ORGANISATION_KINDS.map((k) => (
            <Menu.Item key={k} active={kind === k} onClick={() => setKind(k)} content={o(kindKey(k))} data-testid={`org-kind-${k}`} />
          ))}
        </Menu>
        {list.isPending ? <PageLoader /> : list.isError ? <Message negative content={errorMessage(list.error)} /> : null}
        {list.data && list.data.length === 0 ? <Message info content={o('empty.directory')} /> : null}
        {list.data && list.data.length > 0 ? (
          <Card.Group itemsPerRow={3} stackable data-testid="org-cards">
            {list.data.map((b) => (
              <BodyCard key={b.id} b={b} />
            ))}
          </Card.Group>
        ) : null}
      </Segment>
    </div>
  );
}
