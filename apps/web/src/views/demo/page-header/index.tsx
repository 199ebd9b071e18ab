import { Button, Label, Segment } from 'semantic-ui-react';
import { CardHead, RefreshButton } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import { toast } from '../../../util/toast.js';
import '../../../components/widgets/widgets.css';

/** 页头 (demo/pagHeader): a card's head as every list and form page uses it — icon, title, a count, a toolbar. */
export default function PageHeaderDemoView() {
  const { t } = useT();
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-page-header">
      <Segment className="sf-card">
        <CardHead icon="heading" title={t('widgets.demo.pages.pagHeader')} />
        <div className="sf-demo-value">{t('widgets.demo.headerPlain')}</div>
      </Segment>
      <Segment className="sf-card">
        <CardHead
          icon="users"
          title={t('widgets.demo.headerList')}
          sub={<Label size="mini" circular>{128}</Label>}
          tools={
            <>
              <Button primary size="small" icon="plus" content={t('widgets.demo.btnWithIcon')} onClick={() => toast.info(t('widgets.demo.btnWithIcon'))} />
              <RefreshButton onClick={() => toast.info(t('common.refresh'))} testId="demo-refresh" />
            </>
          }
        />
        <div className="sf-demo-value">{t('widgets.demo.headerTools')}</div>
      </Segment>
    </div>
  );
}
