import { IdentityAndAccess1732000000000 } from './1732000000000-identity-and-access.js';
import { SchoolBaseData1732000001000 } from './1732000001000-school-base-data.js';
import { EventStore1732000002000 } from './1732000002000-event-store.js';
import { WorkflowsAndMessages1732000003000 } from './1732000003000-workflows-and-messages.js';
import { Administration1732000004000 } from './1732000004000-administration.js';
import { ChangeNotifications1732000005000 } from './1732000005000-change-notifications.js';
import { RowLevelEventNotify1732000006000 } from './1732000006000-row-level-event-notify.js';
import { LookupIndexes1732000007000 } from './1732000007000-lookup-indexes.js';
import { RoleQueryViews1732000008000 } from './1732000008000-role-query-views.js';
import { SignInWindowAndSessionCap1732000009000 } from './1732000009000-sign-in-window-and-session-cap.js';
import { PerUserPushSequence1732000010000 } from './1732000010000-per-user-push-sequence.js';
import { MessagePageIndex1732000011000 } from './1732000011000-message-page-index.js';
import { FlowRegistration1732000012000 } from './1732000012000-flow-registration.js';
import { ApplicationRecordsMenu1732000013000 } from './1732000013000-application-records-menu.js';
import { FlowEffects1732000014000 } from './1732000014000-flow-effects.js';
import { StudentBoarding1732000015000 } from './1732000015000-student-boarding.js';
import { ClassroomBooking1732000016000 } from './1732000016000-classroom-booking.js';
import { StudentStatusHistory1732000017000 } from './1732000017000-student-status-history.js';
import { MyApplicationsPermission1732000018000 } from './1732000018000-my-applications-permission.js';
import { Certificates1732000019000 } from './1732000019000-certificates.js';
import { WorkflowTimers1732000020000 } from './1732000020000-workflow-timers.js';
import { EffectFailures1732000021000 } from './1732000021000-effect-failures.js';
import { BaseDataRecords1732000022000 } from './1732000022000-base-data-records.js';
import { KeywordSearchIndexes1732000023000 } from './1732000023000-keyword-search-indexes.js';
import { Grades1732000024000 } from './1732000024000-grades.js';
import { SemesterUpgrade1732000025000 } from './1732000025000-semester-upgrade.js';

/** Every migration, in order. Run on start (`npm start`) and by the test harness. */
export const migrations = [IdentityAndAccess1732000000000, SchoolBaseData1732000001000, EventStore1732000002000, WorkflowsAndMessages1732000003000, Administration1732000004000, ChangeNotifications1732000005000, RowLevelEventNotify1732000006000, LookupIndexes1732000007000, RoleQueryViews1732000008000, SignInWindowAndSessionCap1732000009000, PerUserPushSequence1732000010000, MessagePageIndex1732000011000, FlowRegistration1732000012000, ApplicationRecordsMenu1732000013000, FlowEffects1732000014000, StudentBoarding1732000015000, ClassroomBooking1732000016000, StudentStatusHistory1732000017000, MyApplicationsPermission1732000018000, Certificates1732000019000, WorkflowTimers1732000020000, EffectFailures1732000021000, BaseDataRecords1732000022000, KeywordSearchIndexes1732000023000, Grades1732000024000, SemesterUpgrade1732000025000];
