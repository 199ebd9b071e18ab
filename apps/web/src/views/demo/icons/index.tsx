import { useMemo, useState } from 'react';
import { Icon, Input, Segment, type SemanticICONS } from 'semantic-ui-react';
import { CardHead } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import { LEGACY_ICON_ALIASES, SEMANTIC_ICON_NAMES } from '../../../util/menu-icon.js';
import '../../../components/widgets/widgets.css';

const SHOWN = 240;

/** 图标 (demo/icons): the icons a menu or a button may name, searchable, and the legacy names menus still carry. */
export default function IconsDemoView() {
  const { t } = useT();
  const [q, setQ] = useState('');
  const names = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return SEMANTIC_ICON_NAMES.filter((n) => !needle || n.includes(needle));
  }, [q]);
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-icons">
      <Segment className="sf-card">
        <CardHead icon="font awesome" title={t('widgets.demo.pages.icons')} sub={<span className="sf-demo-value"> {t('common.total', { total: names.length })}</span>} />
        <Input icon="search" value={q} onChange={(_, d) => setQ(String(d.value))} placeholder={t('widgets.demo.iconSearch')} data-testid="demo-icons-search" />
        <div className="sf-demo-icons" data-testid="demo-icons-grid">
          {names.slice(0, SHOWN).map((n) => (
            <div key={n} className="sf-demo-icon" title={n}>
              <Icon name={n as SemanticICONS} size="large" />
              <span>{n}</span>
            </div>
          ))}
        </div>
        {names.length > SHOWN ? <div className="sf-demo-value">{t('widgets.demo.iconMore', { shown: SHOWN })}</div> : null}
      </Segment>
      <Segment className="sf-card">
        <CardHead icon="exchange" title={t('widgets.demo.iconLegacy')} />
        <div className="sf-demo-icons">
          {Object.entries(LEGACY_ICON_ALIASES).map(([legacy, name]) => (
            <div key={legacy} className="sf-demo-icon" title={`${legacy} → ${name}`}>
              <Icon name={name} size="large" />
              <span>{legacy}</span>
            </div>
          ))}
        </div>
      </Segment>
    </div>
  );
}
