import { Button, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import { Pager, usePaging } from '../components/pager.js';
import type { ViewProps } from '../router/view-props.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { FeedbackDetailPanel } from './feedback-detail-panel.js';
import { FeedbackForm } from './feedback-form.js';
import { FeedbackTable } from './feedback-table.js';
import { useFeedbackT } from './use-feedback-t.js';
import { useMyFeedback } from './use-my-feedback.js';
import { useOpenFeedback } from './use-open-feedback.js';
import './feedback.css';

/**
 * 我的反馈 (`/feedback/mine`, 个人中心; docs/product/campus-life.md#user-feedback): one's own feedback with its state,
 * the form to send more, and one feedback with its reply — closed or re-opened once from here. A reply's bell
 * message opens it (`?id=`).
 */
export default function MyFeedbackView({ active }: ViewProps) {
  const { f } = useFeedbackT();
  const [openId, setOpenId] = useOpenFeedback();
  const writing = useDisclosure();
  const { current, size, setCurrent, setSize } = usePaging(20);
  const mine = useMyFeedback(current, size, active && openId === null);
  return (
    <div className="sf-page sf-feedback" data-testid="feedback-mine-view">
      <Segment className="sf-card">
        <h3>{f('page.mine')}</h3>
        {openId ? (
          <FeedbackDetailPanel id={openId} handler={false} onBack={() => setOpenId(null)} />
        ) : (
          <>
            {writing.opened ? (
              <FeedbackForm
                onDone={(id) => {
                  writing.close();
                  if (id) setOpenId(id);
                }}
              />
            ) : (
              <Button primary size="small" icon="plus" content={f('page.submit')} onClick={writing.open} data-testid="feedback-new" />
            )}
            {mine.isPending ? <PageLoader /> : mine.isError ? <Message negative content={errorMessage(mine.error)} /> : null}
            {mine.data ? <FeedbackTable rows={mine.data.list} onOpen={setOpenId} withSubmitter={false} /> : null}
            {mine.data ? <Pager current={current} size={size} total={mine.data.total} onPage={setCurrent} onSize={setSize} /> : null}
          </>
        )}
      </Segment>
    </div>
  );
}
