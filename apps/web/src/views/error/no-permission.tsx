import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Icon, Message } from 'semantic-ui-react';
import { useT } from '../../i18n/use-t.js';
import { takeIdsRefusal } from '../../session/ids.js';
import { logout } from '../../session/session-store.js';

export default function NoPermissionPage() {
  const { t } = useT();
  const navigate = useNavigate();
  // A refused single sign-on says why (docs/product/single-sign-on.md): read once, when the page opens.
  const [reason] = useState(takeIdsRefusal);
  useEffect(() => {
    document.title = t('noPermission.title');
  }, [t]);
  return (
    <div className="sf-error-page" data-testid="no-permission-page">
      <div className="sf-error-code">{t('noPermission.title')}</div>
      <Icon name="lock" size="massive" className="sf-error-icon" />
      <p className="sf-error-message">{t('noPermission.message')}</p>
      {reason ? (
        <Message negative compact data-testid="no-permission-reason">
          {t('noPermission.reason', { reason })}
        </Message>
      ) : null}
      <div className="sf-error-actions">
        <Button primary as={Link} to="/" data-testid="go-home">
          <Icon name="home" /> {t('noPermission.home')}
        </Button>
        <Button basic onClick={() => void logout().then(() => navigate('/login', { replace: true }))} data-testid="go-login">
          <Icon name="sign in" /> {t('noPermission.login')}
        </Button>
      </div>
    </div>
  );
}
