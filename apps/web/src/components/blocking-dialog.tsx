import { Button, Icon, Modal } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';

interface Props {
  message: string;
  onRelogin: () => void;
}

/** A dialog the user cannot dismiss: no user info or no menus (docs/product/shell-and-sign-in.md#session). */
export function BlockingDialog({ message, onRelogin }: Props) {
  const { t } = useT();
  return (
    <Modal open size="tiny" closeOnDimmerClick={false} closeOnEscape={false} data-testid="blocking-dialog">
      <Modal.Header>
        <Icon name="warning sign" color="orange" /> {t('session.dialogTitle')}
      </Modal.Header>
      <Modal.Content>
        <p data-testid="blocking-dialog-message">{message}</p>
      </Modal.Content>
      <Modal.Actions>
        <Button primary onClick={onRelogin} data-testid="blocking-dialog-relogin">
          {t('session.relogin')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
