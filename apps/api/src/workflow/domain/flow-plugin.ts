import type { FlowDefinition, StoredFlowEvent } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { WorkflowEventInput } from '@schoolflow/contracts';
import type { Principal } from '../../infrastructure/http/request-context.js';

/** The start of an instance, as a flow plugin builds it from the submitted form. */
export interface StartPlan {
  /** Data of the start event (the machine's SUBMIT). */
  data: Record<string, unknown>;
  studentId: string | null;
  /** Applicant side: applicant, the student's account, the student's guardians. They see it as "mine". */
  owners: string[];
  /** Everyone else who may see it (reviewers of every step). */
  reviewers: string[];
  attachments: string[];
}

/** A message a committed event causes. Title and content are i18n keys, rendered in the reader's language. */
export interface PlannedMessage {
  recipientId: string;
  type: string;
  titleKey: string;
  contentKey: string;
  params: Record<string, unknown>;
  link: string | null;
}

/** Everything a flow needs to plan the messages of one committed event; prefetched for a whole batch. */
export interface NotificationInput {
  instanceId: string;
  event: StoredFlowEvent & { version: number; position: string };
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** Applicant side of the instance (applicant, student, guardians). */
  owners: string[];
  student: { name: string; className: { zh: string; en: string } } | null;
  actorName: string;
}

/**
 * What the server adds to a pure flow definition: form validation and the start event (which may read the
 * database: route, settings), the data of a command event, and the messages an event causes.
 * The engine (start, dispatch, projections, pushes) is the same for every flow.
 */
export interface FlowPlugin {
  definition: FlowDefinition;
  /** Permission value needed to start an instance (checked by the engine, refusals logged). */
  applyPermission: string;
  /** `db` answers rows; it runs hot statements prepared. */
  buildStart(form: unknown, actor: Principal, db: Prepared): Promise<StartPlan>;
  /** Extra, validated data of a command event (e.g. CANCEL_LEAVE's return time). */
  commandData(input: WorkflowEventInput, snapshot: AnyMachineSnapshot): Record<string, unknown>;
  /** An event that probes whether `type` is possible for `actorId` now (for the `can` list). */
  probe(type: string, actorId: string, snapshot: AnyMachineSnapshot): Record<string, unknown> & { type: string; actorId: string };
  /** Pure: the messages an event causes (the engine writes them, idempotently). */
  messages(input: NotificationInput): PlannedMessage[];
  /** The form as users see it (start event data without the internal route). */
  formView(startData: Record<string, unknown>): Record<string, unknown>;
}

export const FLOW_PLUGINS = Symbol('FLOW_PLUGINS');
