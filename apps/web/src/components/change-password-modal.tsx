import { Modal } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { ChangePasswordForm } from './change-password-form.js';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Floating password panel from the user menu; mounting the form anew on each open resets it (docs/product/shell-and-sign-in.md#password-change). */
export function ChangePasswordModal({ open, onClose }: Props) {
  const { t } = useT();
  return (
    <Modal open={open} onClose={onClose} size="tiny" closeOnDimmerClick={false} data-testid="pwd-modal">
      <Modal.Header>{t('password.title')}</Modal.Header>
      <Modal.Content>{open ? <ChangePasswordForm onSuccess={onClose} onCancel={onClose} /> : null}</Modal.Content>
    </Modal>
  );
}
