import { useNavigate } from 'react-router-dom';
import { Button, Icon, Label, Loader, Modal } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { LetterDetailPanel } from './letter-detail.js';
import { useMessageTypes } from './message-types.js';
import { isLetterRow, useMessageDialog } from './use-message-dialog.js';

/** The detail of a message without a link (docs/product/shell-and-sign-in.md#in-site-messages); mounted once by the layout. */
export function MessageDialog() {
  const { row, loading, close: closeMessageDialog } = useMessageDialog();
  const { t } = useT();
  const typeName = useMessageTypes();
  const navigate = useNavigate();
  if (!row) return null;
  // a written message, or any row of the message centre's boxes: the letter's own panel (reply, trash, restore)
  if (isLetterRow(row)) {
    return (
      <Modal open size="small" onClose={closeMessageDialog} closeIcon data-testid="message-dialog" data-id={row.MESSAGE_ID}>
        <Modal.Content>
          <LetterDetailPanel
            id={row.MESSAGE_ID}
            onDone={closeMessageDialog}
            onReply={(copyId) => {
              closeMessageDialog();
              void navigate(`/messageCenter/xxzx?reply=${encodeURIComponent(copyId)}`);
            }}
          />
        </Modal.Content>
        <Modal.Actions>
          <Button onClick={closeMessageDialog} data-testid="message-dialog-close">
            {t('common.close')}
          </Button>
        </Modal.Actions>
      </Modal>
    );
  }
  return (
    <Modal open size="small" onClose={closeMessageDialog} closeIcon data-testid="message-dialog" data-id={row.MESSAGE_ID}>
      <Modal.Header>
        <Icon name="envelope open outline" /> {row.MESSAGE_TITLE}
      </Modal.Header>
      <Modal.Content>
        <div className="sf-message-meta">
          <Label size="tiny" basic>
            {typeName(row.MESSAGE_TYPE)}
          </Label>
          <span>{row.CREATE_TIME}</span>
        </div>
        {loading ? <Loader active inline="centered" size="small" /> : null}
        <div className="sf-message-content" data-testid="message-dialog-content">
          {row.MESSAGE_CONTENT}
        </div>
      </Modal.Content>
      <Modal.Actions>
        <Button primary onClick={closeMessageDialog} data-testid="message-dialog-close">
          {t('common.close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
