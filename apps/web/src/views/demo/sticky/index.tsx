import { Button, Segment } from 'semantic-ui-react';
import { CardHead } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import { toast } from '../../../util/toast.js';
import '../../../components/widgets/widgets.css';

const LINES = Array.from({ length: 40 }, (_, i) => i + 1);

/** 吸顶 (demo/sticky): a bar that stays in view while a long page scrolls — the head above, the actions below. */
export default function StickyDemoView() {
  const { t } = useT();
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-sticky">
      <Segment className="sf-card">
        <div className="sf-demo-sticky-top" data-testid="demo-sticky-top">
          <CardHead icon="thumbtack" title={t('widgets.demo.pages.sticky')} />
        </div>
        {LINES.map((n) => (
          <p key={n} className="sf-demo-line">
            {t('widgets.demo.stickyLine', { n })}
          </p>
        ))}
        <div className="sf-demo-sticky-bottom" data-testid="demo-sticky-bottom">
          <Button onClick={() => toast.info(t('confirmDialog.cancel'))}>{t('confirmDialog.cancel')}</Button>
          <Button primary onClick={() => toast.success(t('widgets.demo.stickySaved'))}>
            {t('widgets.demo.stickySave')}
          </Button>
        </div>
      </Segment>
    </div>
  );
}
