import { Grid, Icon, Segment, Statistic, type SemanticICONS } from 'semantic-ui-react';
import { CardHead } from '../../../components/list-page.js';
import { useT } from '../../../i18n/use-t.js';
import '../../../components/widgets/widgets.css';

const STATS: readonly { icon: SemanticICONS; value: number; key: 'statA' | 'statB' | 'statC' | 'statD' }[] = [
  { icon: 'users', value: 1280, key: 'statA' },
  { icon: 'book', value: 46, key: 'statB' },
  { icon: 'calendar check outline', value: 98, key: 'statC' },
  { icon: 'tasks', value: 7, key: 'statD' },
];

/**
 * 布局 (demo/layout): how pages lay out cards — a row of figures, two columns, one across; on a phone every column
 * stacks (the grid is `stackable`), as the console's pages do below 768 px.
 */
export default function LayoutDemoView() {
  const { t } = useT();
  return (
    <div className="sf-page sf-widget-demo" data-testid="demo-layout">
      <Grid stackable columns={4}>
        {STATS.map((s) => (
          <Grid.Column key={s.key}>
            <Segment className="sf-card" textAlign="center">
              <Statistic size="small">
                <Statistic.Value>
                  <Icon name={s.icon} /> {s.value}
                </Statistic.Value>
                <Statistic.Label>{t(`widgets.demo.${s.key}`)}</Statistic.Label>
              </Statistic>
            </Segment>
          </Grid.Column>
        ))}
      </Grid>
      <Grid stackable columns={2}>
        <Grid.Column width={10}>
          <Segment className="sf-card">
            <CardHead icon="columns" title={t('widgets.demo.layoutWide')} />
            <p className="sf-demo-value">{t('widgets.demo.layoutWideText')}</p>
          </Segment>
        </Grid.Column>
        <Grid.Column width={6}>
          <Segment className="sf-card">
            <CardHead icon="info circle" title={t('widgets.demo.layoutNarrow')} />
            <p className="sf-demo-value">{t('widgets.demo.layoutNarrowText')}</p>
          </Segment>
        </Grid.Column>
      </Grid>
      <Segment className="sf-card">
        <CardHead icon="window maximize outline" title={t('widgets.demo.layoutFull')} />
        <p className="sf-demo-value">{t('widgets.demo.layoutFullText')}</p>
      </Segment>
    </div>
  );
}
