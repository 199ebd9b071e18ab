import { Button, Icon, Modal } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { expiryStore } from '../session/expiry.js';
import { currentPath, isIdsLogin, redirectToIds } from '../session/ids.js';
import { clearLocalSession } from '../session/session-store.js';
import { useStore } from '../util/store.js';

/** The one "login expired" modal (docs/product/shell-and-sign-in.md#session): its only way out is to sign in again. */
export function ExpiryModal() {
  const open = useStore(expiryStore);
  const { t } = useT();
  const relogin = () => {
    const here = currentPath();
    clearLocalSession();
    // under single sign-on: back to the provider, and from there to this page
    if (isIdsLogin()) void redirectToIds(here);
    else window.location.reload();
  };
  return (
    <Modal open={open} size="tiny" closeOnDimmerClick={false} closeOnEscape={false} data-testid="expiry-modal">
      <Modal.Header>
        <Icon name="clock outline" color="orange" /> {t('expiry.title')}
      </Modal.Header>
      <Modal.Content>
        <p>{t('expiry.message')}</p>
      </Modal.Content>
      <Modal.Actions>
        <Button primary onClick={relogin} data-testid="expiry-modal-relogin">
          {t('expiry.relogin')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
