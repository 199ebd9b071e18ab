import { Button, Icon, Modal } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { useStore } from '../util/store.js';
import { answer, confirmStore } from './confirm-store.js';

export { confirmAction } from './confirm-store.js';

/** The question asked by confirmAction; mounted by the app while one is pending (app.tsx). */
export function ConfirmDialog() {
  const pending = useStore(confirmStore);
  const { t } = useT();
  return (
    <Modal open={pending !== null} size="mini" onClose={() => answer(false)} data-testid="confirm-dialog">
      <Modal.Header>
        <Icon name="warning circle" color="orange" /> {t('confirmDialog.title')}
      </Modal.Header>
      <Modal.Content>
        <p data-testid="confirm-message">{pending?.message}</p>
      </Modal.Content>
      <Modal.Actions>
        <Button basic onClick={() => answer(false)} data-testid="confirm-cancel">
          {t('confirmDialog.cancel')}
        </Button>
        <Button primary onClick={() => answer(true)} data-testid="confirm-ok">
          {t('confirmDialog.ok')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
