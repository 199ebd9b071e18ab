import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Label, Loader } from 'semantic-ui-react';
import type { LetterRow } from '@schoolflow/contracts';
import type { ViewProps } from '../router/view-props.js';
import { useOpenMessage } from './use-open-message.js';
import { useLetterBox } from './use-letter-box.js';
import { useLetterCounters } from './use-letter-counters.js';
import { type LettersKey, useLettersT } from './use-letters-t.js';
import './messages.css';

const PAGE = 20;

/**
 * 站内信, the phone-sized page (/qt_app/znx, docs/product/messages.md#mobile-page): the counters, my inbox newest first
 * in one column (more on demand), a message opened in the message dialog, and a button to write one in the message centre.
 */
export default function MobileMessagesView({ active }: ViewProps) {
  const { l } = useLettersT();
  const navigate = useNavigate();
  const counters = useLetterCounters();
  const openMessage = useOpenMessage();
  const [size, setSize] = useState(PAGE);
  const list = useLetterBox({ box: 'inbox', page: 1, size }, active);
  return (
    <div className="sf-phone sf-znx" data-testid="znx" data-unread={counters.unread} data-total={counters.total}>
      <div className="sf-znx-head">
        <h3>{l('mobile.title')}</h3>
        <span data-testid="znx-counters">
          {l('counters.unread')} {counters.unread} · {l('counters.total')} {counters.total} · {l('counters.draft')} {counters.draft}
        </span>
        <Button size="mini" primary icon="edit outline" aria-label={l('list.compose')} onClick={() => void navigate('/messageCenter/xxzx?compose=1')} data-testid="znx-compose" />
      </div>
      {list.loading && list.page.rows.length === 0 ? <Loader active inline="centered" size="small" /> : null}
      {list.page.rows.length === 0 && !list.loading ? <div className="sf-hint">{l('list.empty')}</div> : null}
      <ul className="sf-znx-list">
        {list.page.rows.map((r: LetterRow) => (
          <li key={r.MESSAGE_ID} className={r.MESSAGE_STATUS === '0' ? 'sf-unread' : ''} data-testid="znx-item" data-id={r.MESSAGE_ID} data-status={r.MESSAGE_STATUS}>
            <button type="button" onClick={() => openMessage(r)}>
              <span className="sf-znx-title">
                {r.MESSAGE_STATUS === '0' ? <Icon name="circle" color="red" size="tiny" /> : null}
                {r.MESSAGE_TITLE}
              </span>
              <span className="sf-znx-meta">
                <Label size="mini" basic>
                  {l(`types.${r.MESSAGE_TYPE}` as LettersKey)}
                </Label>
                {r.SENDER_NAME ?? ''} {r.CREATE_TIME}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {list.page.total > size ? (
        <Button fluid basic size="small" onClick={() => setSize((s) => s + PAGE)} data-testid="znx-more">
          {l('mobile.more')}
        </Button>
      ) : null}
    </div>
  );
}
