import { Icon, Label, Message, Segment, Table } from 'semantic-ui-react';
import { RESOURCES, type ResourceRecord } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import { useT } from '../i18n/use-t.js';
import { ResourcePage } from '../resources/resource-page.js';
import { enumLabel, kitText } from '../resources/resource-format.js';
import { useResourceList } from '../resources/use-resource-list.js';
import { useResourceRecord } from '../resources/use-resource-record.js';
import type { ViewProps } from '../router/view-props.js';
import { schoolToday } from '../timetable/week-grid-model.js';
import { inTimeOrder, type ScheduleItem, type ScheduleSummary, scheduleOn } from './today-schedule.js';

const def = RESOURCES['daily-schedules']!;
const ENABLED = { enabled: 'true' } as const;

/**
 * 作息时间管理 (`zxqgl`; docs/product/base-data.md#daily-schedule): today's schedule of the school day on top — the
 * enabled schedule in force today, its moments by time, those for boarders marked — and the schedules below (the
 * kit's list: the office keeps them, everyone else reads).
 */
export default function DailyScheduleView({ active }: ViewProps) {
  useT(); // re-render in the language chosen
  const today = schoolToday();
  const schedules = useResourceList(def.name, { current: 1, size: 100, keyword: '', filters: ENABLED }, active);
  const chosen = scheduleOn((schedules.data?.list ?? []) as unknown as (ScheduleSummary & ResourceRecord)[], today);
  const record = useResourceRecord(def.name, chosen?.id ?? null);
  const items = inTimeOrder(((record.data?.items as ScheduleItem[] | undefined) ?? []).filter((i) => i.start));
  const season = def.fields.season;
  return (
    <div className="sf-page sf-daily-schedule" data-testid="daily-schedule-view">
      <Segment className="sf-card" data-testid="daily-schedule-today">
        <h3>
          <Icon name="clock outline" /> {kitText('resource.daily-schedules.today.title')} <small>{today}</small>
        </h3>
        {schedules.isPending || (chosen && record.isPending) ? (
          <PageLoader />
        ) : schedules.isError ? (
          <Message negative content={errorMessage(schedules.error)} />
        ) : !chosen ? (
          <Message info content={kitText('resource.daily-schedules.today.none')} data-testid="daily-schedule-none" />
        ) : (
          <>
            <p data-testid="daily-schedule-name">
              <strong>{String(record.data?.name ?? '')}</strong>{' '}
              {kitText('resource.daily-schedules.today.from', { season: enumLabel(season, 'season', String(record.data?.season ?? '')), date: chosen.effectiveFrom })}
            </p>
            <Table compact unstackable data-testid="daily-schedule-items">
              <Table.Body>
                {items.map((i, n) => (
                  <Table.Row key={`${i.start}-${n}`} data-testid="daily-schedule-item" data-kind={i.kind}>
                    <Table.Cell collapsing>{i.end ? `${i.start}–${i.end}` : i.start}</Table.Cell>
                    <Table.Cell>{i.name}</Table.Cell>
                    <Table.Cell collapsing>{enumLabel(def.children?.items?.fields.kind, 'kind', i.kind)}</Table.Cell>
                    <Table.Cell collapsing>{i.boardersOnly ? <Label size="mini">{kitText('resource.daily-schedules.today.boarders')}</Label> : null}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </>
        )}
      </Segment>
      <ResourcePage def={def} active={active} />
    </div>
  );
}
