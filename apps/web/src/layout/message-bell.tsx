import { useNavigate } from 'react-router-dom';
import { Button, Icon, Popup } from 'semantic-ui-react';
import { reportError } from '../api/http.js';
import { useT } from '../i18n/use-t.js';
import { useMessageTypes } from '../messages/message-types.js';
import { useMarkAllRead } from '../messages/use-mark-read.js';
import { useOpenMessage } from '../messages/use-open-message.js';
import { useUnreadMessages } from '../messages/use-unread-messages.js';
import { useDisclosure } from '../util/use-disclosure.js';

export const MESSAGE_CENTER_PATH = '/messageCenter/xxzx';

/**
 * The message bell (docs/product/shell-and-sign-in.md#in-site-messages): unread count, the 10 latest unread messages, a way to the message
 * centre and "mark all read". A new message raises the count at once (`message.created`).
 */
export function MessageBell() {
  const { t } = useT();
  const navigate = useNavigate();
  const { count, latest, refresh } = useUnreadMessages();
  const { mutateAsync: markAllRead } = useMarkAllRead();
  const openMessage = useOpenMessage();
  const typeName = useMessageTypes();
  const panel = useDisclosure();

  const shown = count > 99 ? '99+' : String(count);

  return (
    <Popup
      on="click"
      open={panel.opened}
      onOpen={() => {
        panel.open();
        refresh();
      }}
      onClose={panel.close}
      position="bottom right"
      className="sf-bell-popup"
      basic
      trigger={
        <button type="button" className="sf-nav-btn sf-bell" title={t('messages.bell')} aria-label={t('messages.unreadCount', { n: count })} data-testid="message-bell" data-count={count}>
          <Icon name="bell outline" />
          <span className={`sf-bell-count ${count === 0 ? 'zero' : ''}`} data-testid="message-bell-count" title={shown}>
            {count}
          </span>
        </button>
      }
    >
      <div className="sf-bell-panel" data-testid="message-bell-panel">
        <div className="sf-bell-head">
          <span>
            {t('messages.unreadTitle')} <span className="sf-sub">{t('messages.unreadCount', { n: count })}</span>
          </span>
          <Button
            basic
            compact
            size="mini"
            disabled={count === 0}
            data-testid="message-bell-mark-all"
            onClick={() => {
              markAllRead().catch(reportError);
            }}
          >
            {t('messages.markAllRead')}
          </Button>
        </div>
        {latest.length === 0 ? (
          <div className="sf-bell-empty" data-testid="message-bell-empty">
            <Icon name="check circle outline" /> {t('messages.empty')}
          </div>
        ) : (
          <ul className="sf-bell-list">
            {latest.map((m) => (
              <li key={m.MESSAGE_ID}>
                <button
                  type="button"
                  className="sf-bell-item"
                  data-testid="message-bell-item"
                  data-id={m.MESSAGE_ID}
                  data-link={m.MESSAGE_LINK ?? ''}
                  onClick={() => {
                    panel.close();
                    openMessage(m);
                  }}
                >
                  <span className="sf-bell-item-head">
                    <span className="sf-bell-item-type">{typeName(m.MESSAGE_TYPE)}</span>
                    <span className="sf-bell-item-title">{m.MESSAGE_TITLE}</span>
                    {m.MESSAGE_LINK ? <Icon name="external alternate" title={t('messages.hasLink')} /> : null}
                  </span>
                  <span className="sf-bell-item-content">{m.MESSAGE_CONTENT}</span>
                  <span className="sf-bell-item-time">{m.CREATE_TIME}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="sf-bell-foot">
          <button
            type="button"
            className="sf-link"
            data-testid="message-bell-all"
            onClick={() => {
              panel.close();
              void navigate(MESSAGE_CENTER_PATH);
            }}
          >
            {t('messages.viewAll')} <Icon name="angle right" />
          </button>
        </div>
      </div>
    </Popup>
  );
}
