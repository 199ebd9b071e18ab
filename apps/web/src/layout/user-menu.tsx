import { useNavigate } from 'react-router-dom';
import { Dropdown, Icon } from 'semantic-ui-react';
import type { PermissionInfo } from '@schoolflow/contracts';
import { useAppConfig } from '../config/app-config.js';
import { useT } from '../i18n/use-t.js';
import { ChangePasswordModal } from '../components/change-password-modal.js';
import { leaveForProvider } from '../session/ids.js';
import { logout } from '../session/session-store.js';
import { useRoleRefresh } from '../session/use-session-actions.js';
import { DASHBOARD_PATH } from '../router/menu-model.js';
import { useDisclosure } from '../util/use-disclosure.js';

/** Avatar dropdown: home, change password (not for IDS), refresh permissions, log out (docs/product/shell-and-sign-in.md#top-bar). */
export function UserMenu({ info }: { info: PermissionInfo }) {
  const { t } = useT();
  const config = useAppConfig();
  const navigate = useNavigate();
  const password = useDisclosure();
  const name = info.userInfo.username || info.userInfo.userId;

  const refresh = useRoleRefresh();

  // Under single sign-on the provider's session ends too: the browser goes to its sign-out, which comes back to /login.
  const signOut = async () => {
    const providerLogout = await logout();
    if (providerLogout) leaveForProvider(providerLogout);
    else void navigate('/login', { replace: true });
  };

  return (
    <>
      <Dropdown
        className="sf-user-menu"
        data-testid="user-menu"
        icon={null}
        direction="left"
        trigger={
          <span className="sf-user-trigger">
            <span className="sf-avatar" aria-hidden>
              {name.slice(0, 1).toUpperCase()}
            </span>
            <span className="sf-user-name" data-testid="user-name">
              {name}
            </span>
            <Icon name="caret down" />
          </span>
        }
      >
        <Dropdown.Menu>
          <Dropdown.Item icon="home" text={t('userMenu.dashboard')} data-testid="user-menu-dashboard" onClick={() => void navigate(DASHBOARD_PATH)} />
          {config.LOGIN_TYPE === 'IDS' ? null : (
            <Dropdown.Item icon="lock" text={t('userMenu.changePassword')} data-testid="user-menu-change-password" onClick={password.open} />
          )}
          <Dropdown.Item icon="refresh" text={t('userMenu.refresh')} data-testid="user-menu-refresh" onClick={() => void refresh()} />
          <Dropdown.Divider />
          <Dropdown.Item icon="sign out" text={t('userMenu.logout')} data-testid="user-menu-logout" onClick={() => void signOut()} />
        </Dropdown.Menu>
      </Dropdown>
      <ChangePasswordModal open={password.opened} onClose={password.close} />
    </>
  );
}
