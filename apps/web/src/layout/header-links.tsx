import { Link } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { titleOf, type NavItem } from '../router/menu-model.js';
import { menuIcon } from '../util/menu-icon.js';

/** Menus positioned at the top (remark.cdwz = 'top') become header icon links; external ones open a new window. */
export function HeaderLinks({ links }: { links: readonly NavItem[] }) {
  const { lang } = useT();
  return (
    <>
      {links.map((link) => {
        const title = titleOf(link, lang);
        const body = (
          <>
            <Icon name={menuIcon(link.icon, false)} />
            <span className="sf-header-link-text">{title}</span>
          </>
        );
        const props = { className: 'sf-nav-btn sf-header-link', title, 'data-testid': `header-link-${link.menuPath}` };
        return link.external ? (
          <a key={link.menuPath} href={link.to} target="_blank" rel="noopener noreferrer" {...props}>
            {body}
          </a>
        ) : (
          <Link key={link.menuPath} to={link.to} {...props}>
            {body}
          </Link>
        );
      })}
    </>
  );
}
