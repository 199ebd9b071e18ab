import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { BlockingDialog } from '../components/blocking-dialog.js';
import { ForcePasswordChange } from '../components/force-password-change.js';
import { PageLoader } from '../components/page-loader.js';
import { useAppConfig } from '../config/app-config.js';
import { useT } from '../i18n/use-t.js';
import { redirectToIds } from '../session/ids.js';
import { useMustChangePassword } from '../session/must-change-password.js';
import { loadSession, logout, useSession } from '../session/session-store.js';
import { getToken } from '../session/token.js';
import { useExpiryCheckOnReturn } from '../session/use-session-actions.js';
import { loginPath } from '../router/redirect.js';
import { toast } from '../util/toast.js';
import Layout from './layout.js';

/** Every route but the public ones: needs a token, then the permission info (docs/product/shell-and-sign-in.md#session). */
export default function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const config = useAppConfig();
  const { t } = useT();
  const token = getToken();
  const mustChange = useMustChangePassword();
  // Single sign-on only when it has somewhere to send the user; otherwise the local sign-in page.
  const ids = config.LOGIN_TYPE === 'IDS' && config.IDS_LOGIN_URL !== '';
  const handledFailure = useRef(false);

  useEffect(() => {
    if (!token && ids) void redirectToIds();
  }, [token, ids]);

  // Not while an initial password waits to be changed: the pages would only meet the server's refusals until then.
  useEffect(() => {
    if (token && session.status === 'idle' && !mustChange) void loadSession();
  }, [token, session.status, mustChange]);

  // Permission load failed: warn, sign out, back to sign-in (and to this page after signing in again).
  const here = location.pathname + location.search;
  useEffect(() => {
    if (session.status !== 'failed' || handledFailure.current) return;
    handledFailure.current = true;
    toast.warning(t('session.reLogin'));
    void logout().then(() => navigate(loginPath(here), { replace: true }));
  }, [session.status, navigate, t, here]);

  useExpiryCheckOnReturn(session.status === 'ready');

  if (!token) {
    if (ids) return <PageLoader text={t('session.idsRedirecting')} />;
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }

  if (mustChange) {
    return (
      <div className="sf-blocked-page">
        <ForcePasswordChange account={mustChange} />
      </div>
    );
  }

  switch (session.status) {
    case 'idle':
    case 'loading':
    case 'failed':
      return <PageLoader text={t('session.loading')} />;
    case 'blocked':
      return (
        <div className="sf-blocked-page">
          <BlockingDialog
            message={session.problem === 'no-user' ? t('session.noUserInfo') : t('session.noMenus')}
            onRelogin={() => void logout().then(() => navigate('/login', { replace: true }))}
          />
        </div>
      );
    case 'ready':
      return <Layout info={session.info} model={session.model} />;
  }
}
