import { Menu, Segment } from 'semantic-ui-react';
import { AttendancePermission } from '@schoolflow/contracts';
import { useAuthorized } from '../components/authorized.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { AbsencesPanel } from './absences-panel.js';
import { RollPanel } from './roll-panel.js';
import { StatisticsPanel } from './statistics-panel.js';
import { useAttendanceT } from './use-attendance-t.js';
import './attendance.css';

const TABS = ['roll', 'absences', 'statistics'] as const;
type Tab = (typeof TABS)[number];
const tabParam = oneOfParam(TABS);

/**
 * 学生考勤 (`/kqgl/xskq`; docs/product/campus-life.md#attendance): the roll of a class's period, today's absences across
 * the school (live; for those who see the whole school) and the month's statistics — one page, three tabs.
 */
export default function StudentAttendanceView({ active }: ViewProps) {
  const { a } = useAttendanceT();
  const school = useAuthorized({ all: [AttendancePermission.view] });
  const [shown, setTab] = useViewParam<Tab>('tab', 'roll', tabParam);
  const tabs: Tab[] = school ? ['roll', 'absences', 'statistics'] : ['roll', 'statistics'];
  // the school's absences only for those who see the whole school
  const tab = tabs.includes(shown) ? shown : 'roll';
  const item = (t: Tab) => (t === 'roll' ? a('page.roll') : t === 'absences' ? a('page.absences') : a('page.statistics'));
  return (
    <div className="sf-page sf-attendance" data-testid="attendance-view">
      <Segment className="sf-card">
        <h3>{a('page.students')}</h3>
        <Menu pointing secondary size="small" data-testid="attendance-tabs">
          {tabs.map((t) => (
            <Menu.Item key={t} active={tab === t} onClick={() => setTab(t)} data-testid={`attendance-tab-${t}`}>
              {item(t)}
            </Menu.Item>
          ))}
        </Menu>
        {tab === 'roll' ? <RollPanel active={active} /> : null}
        {tab === 'absences' ? <AbsencesPanel active={active} /> : null}
        {tab === 'statistics' ? <StatisticsPanel active={active} /> : null}
      </Segment>
    </div>
  );
}
