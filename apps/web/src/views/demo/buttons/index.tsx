import { useState } from 'react';
import { Button, Segment } from 'semantic-ui-react';
import { confirmAction } from '../../../components/confirm-store.js';
import { CardHead, DeleteButton, RefreshButton, RowButton } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import { toast } from '../../../util/toast.js';
import '../../../components/widgets/widgets.css';

/** 按钮 (demo/buttons): the buttons pages use — kinds, sizes, a row's icon buttons, busy and off, a confirmed delete. */
export default function ButtonsDemoView() {
  const { t } = useT();
  // the busy button's own flag: it shows what a button looks like while its request runs
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    window.setTimeout(() => setBusy(false), 1200);
  };
  const remove = async () => {
    if (await confirmAction(t('widgets.file.removeConfirm'))) toast.success(t('upload.removed'));
    else toast.info(t('upload.removeCancelled'));
  };
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-buttons">
      <Segment className="sf-card">
        <CardHead icon="hand pointer outline" title={t('widgets.demo.pages.buttons')} />
        <div className="sf-demo-row">
          <Button primary>{t('widgets.demo.btnPrimary')}</Button>
          <Button>{t('widgets.demo.btnDefault')}</Button>
          <Button basic>{t('widgets.demo.btnBasic')}</Button>
          <Button positive>{t('widgets.demo.btnPositive')}</Button>
          <Button negative>{t('widgets.demo.btnNegative')}</Button>
          <Button basic color="orange">{t('widgets.demo.btnWarning')}</Button>
        </div>
        <div className="sf-demo-row">
          {(['mini', 'tiny', 'small', 'medium', 'large'] as const).map((size, i) => (
            <Button key={size} size={size} primary basic>
              {t('widgets.demo.btnSizes').split(',')[i]}
            </Button>
          ))}
        </div>
        <div className="sf-demo-row">
          <Button icon="plus" primary content={t('widgets.demo.btnWithIcon')} />
          <RowButton icon="edit" title={t('admin.edit')} onClick={() => toast.info(t('admin.edit'))} testId="demo-row-edit" />
          <RefreshButton onClick={() => toast.info(t('common.refresh'))} testId="demo-refresh" />
          <DeleteButton title={t('widgets.demo.btnDelete')} onClick={() => void remove()} testId="demo-delete" />
        </div>
        <div className="sf-demo-row">
          <Button primary loading={busy} disabled={busy} onClick={run} data-testid="demo-busy">
            {t('widgets.demo.btnBusy')}
          </Button>
          <Button disabled>{t('widgets.demo.btnDisabled')}</Button>
          <Button.Group>
            <Button>{t('widgets.demo.btnGroupA')}</Button>
            <Button.Or text={t('widgets.demo.or')} />
            <Button positive>{t('widgets.demo.btnGroupB')}</Button>
          </Button.Group>
        </div>
      </Segment>
    </div>
  );
}
