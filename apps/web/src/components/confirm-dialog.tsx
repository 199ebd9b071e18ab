import { Button, Icon, Modal } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { createStore, useStore } from '../util/store.js';

interface Pending {
  message: string;
  resolve: (ok: boolean) => void;
}

const confirmStore = createStore<Pending | null>(null);

/**
 * Asks before something that cannot be undone (docs/product/shell-and-sign-in.md#file-upload: title 提示, buttons 确认 and 取消).
 * Resolves true on confirm, false on cancel or close. One question at a time: a new one cancels the old.
 */
export function confirmAction(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.get()?.resolve(false);
    confirmStore.set({ message, resolve });
  });
}

function answer(ok: boolean): void {
  const pending = confirmStore.get();
  confirmStore.set(null);
  pending?.resolve(ok);
}

/** Mounted once by the app. */
export function ConfirmHost() {
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
