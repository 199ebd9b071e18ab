import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Message } from 'semantic-ui-react';
import { RoleCode } from '@schoolflow/contracts';
import { useRealtime } from '../../realtime/use-realtime.js';
import type { ViewProps } from '../../router/view-props.js';
import { useReadySession } from '../../session/session-store.js';
import { useGradesT } from '../use-grades-t.js';
import { ClassReports } from './class-reports.js';
import { MyReports } from './my-reports.js';
import { reportKeys } from './report-client.js';
import { useMyStudents } from './use-my-students.js';
import { useReportClasses } from './use-report-classes.js';
// the job's bar: semantic's progress styles, loaded with this page only (styles/semantic.ts leaves them out)
import 'semantic-ui-css/components/progress.min.css';
import './report.css';

const FAMILY: readonly string[] = [RoleCode.student, RoleCode.parent];

/**
 * 期末报告 (grades/report): a student or parent sees their (child's) published scores by semester and batch and
 * downloads each semester's report; a head teacher or grade manager chooses a class and a student, downloads one
 * report, or has the whole class's made as one PDF by a background job. The bell's link after a publish names the
 * student (`?studentId=`); a new publish refreshes the scores shown.
 */
export default function ReportView({ active }: ViewProps) {
  const { g } = useGradesT();
  const session = useReadySession();
  const roles = session?.info.roles ?? [];
  const [params] = useSearchParams();
  const wanted = params.get('studentId') ?? '';
  const family = roles.some((r) => FAMILY.includes(r));
  const staff = roles.some((r) => !FAMILY.includes(r));
  const mine = useMyStudents(active && family);
  const classes = useReportClasses(active && staff);
  const client = useQueryClient();
  // grades published (the bell's message links here): the scores shown are stale
  useRealtime('message.created', (m) => {
    if (m.MESSAGE_LINK?.startsWith('/grades/report')) void client.invalidateQueries({ queryKey: reportKeys.all });
  });

  const myStudents = mine.data ?? [];
  const myClasses = classes.data ?? [];
  const loaded = (!family || mine.isFetched) && (!staff || classes.isFetched);
  const nothing = loaded && myStudents.length === 0 && myClasses.length === 0;

  return (
    <div className="sf-page sf-grades-report" data-testid="grades-report">
      {myStudents.length > 0 ? <MyReports students={myStudents} own={roles.includes(RoleCode.student)} wanted={wanted} active={active} /> : null}
      {myClasses.length > 0 ? <ClassReports classes={myClasses} wanted={myStudents.some((s) => s.id === wanted) ? '' : wanted} active={active} /> : null}
      {nothing ? <Message info content={family ? g('report.page.noChildren') : g('report.page.noClasses')} data-testid="report-nothing" /> : null}
    </div>
  );
}
