/** The leave flow's events (docs/architecture.md#event-types: upper-case verbs). Stored type = machine event type. */
// A type, not an interface: it is a `ReviewContext` route (a record of steps).
export type LeaveRoute = {
  /** The head teacher of the student's class. */
  headTeacher: string[];
  /** School office reviewers. */
  office: string[];
  /** Principals (never empty: the server falls back to administrators). */
  principal: string[];
};

export interface LeaveSubmitted {
  type: 'SUBMIT';
  actorId: string;
  studentId: string;
  studentUserId: string | null;
  leaveType: 'personal' | 'sick';
  start: string;
  end: string;
  /** Whole hours between start and end. */
  durationHours: number;
  /** Days, to one decimal (hours / 24). */
  durationDays: number;
  reason: string;
  attachments: string[];
  route: LeaveRoute;
  /** Leaves longer than this many days also go to the principal (snapshot of the setting at submission). */
  thresholdDays: number;
  comment?: string;
}

export type LeaveEvent =
  | LeaveSubmitted
  | { type: 'APPROVE'; actorId: string; comment?: string }
  | { type: 'REJECT'; actorId: string; comment?: string }
  | { type: 'WITHDRAW'; actorId: string; comment?: string }
  | { type: 'CANCEL_LEAVE'; actorId: string; returnedAt: string; comment?: string }
  /** 催办: the applicant reminds the step's reviewers; `at` is when the server received it. */
  | { type: 'URGE'; actorId: string; at: string; comment?: string }
  /** 转办: the step's reviewer hands it to another holder of the step's role. */
  | { type: 'TRANSFER'; actorId: string; toUserId: string; comment?: string }
  /** 抄送: the applicant or a reviewer copies people; `at` is when the server received it (none on a CC stored before CCs were stamped). */
  | { type: 'CC'; actorId: string; userIds: string[]; at?: string; comment?: string }
  | { type: 'SKIP_STEP'; actorId: 'system'; reason: 'applicant_is_reviewer'; comment?: string };

export type LeaveEventType = LeaveEvent['type'];
export const LEAVE_COMMANDS = ['APPROVE', 'REJECT', 'WITHDRAW', 'CANCEL_LEAVE', 'URGE', 'TRANSFER', 'CC'] as const;
