import { useNavigate } from 'react-router-dom';
import { Button, Icon, Message, Modal } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { logout } from '../session/session-store.js';
import { toast } from '../util/toast.js';
import { ChangePasswordForm } from './change-password-form.js';

/**
 * Asks an account that still has its initial password for a new one before anything else; it cannot be dismissed
 * (no close icon, Escape or dimmer click), only answered or left by signing out. The server keeps the session that
 * changed the password, but this one was opened with the initial password: it is ended here, and the user signs in
 * again with the new one.
 */
export function ForcePasswordChange({ account }: { account: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const signOut = async () => {
    await logout();
    void navigate('/login', { replace: true });
  };
  return (
    <Modal open size="tiny" closeOnDimmerClick={false} closeOnEscape={false} data-testid="force-password-change">
      <Modal.Header>
        <Icon name="lock" /> {t('password.mustChangeTitle')}
      </Modal.Header>
      <Modal.Content>
        <Message info size="small" data-testid="force-password-change-reason">
          <Icon name="info circle" />
          {t('password.mustChange')}
        </Message>
        <ChangePasswordForm
          account={account}
          onSuccess={() => {
            toast.info(t('password.mustChangeDone'), 5000);
            void signOut();
          }}
        />
      </Modal.Content>
      <Modal.Actions>
        <Button basic type="button" onClick={() => void signOut()} data-testid="force-password-change-logout">
          <Icon name="sign out" /> {t('password.mustChangeSignOut')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
