import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { Breadcrumb } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { DASHBOARD_PATH, titleOf, type RouteEntry } from '../router/menu-model.js';

/** Home › ancestors › current page (docs/product/shell-and-sign-in.md#top-bar). */
export function Breadcrumbs({ entry, dashboard }: { entry: RouteEntry; dashboard: RouteEntry }) {
  const { lang } = useT();
  const atHome = entry.path === DASHBOARD_PATH;
  return (
    <Breadcrumb className="sf-breadcrumb" data-testid="breadcrumb">
      {atHome ? (
        <Breadcrumb.Section active>{titleOf(dashboard, lang)}</Breadcrumb.Section>
      ) : (
        <>
          <Breadcrumb.Section as={Link} to={DASHBOARD_PATH}>
            {titleOf(dashboard, lang)}
          </Breadcrumb.Section>
          {entry.parents.map((p) => (
            <Fragment key={p.path}>
              <Breadcrumb.Divider icon="right angle" />
              <Breadcrumb.Section>{titleOf(p, lang)}</Breadcrumb.Section>
            </Fragment>
          ))}
          <Breadcrumb.Divider icon="right angle" />
          <Breadcrumb.Section active>{titleOf(entry, lang)}</Breadcrumb.Section>
        </>
      )}
    </Breadcrumb>
  );
}
