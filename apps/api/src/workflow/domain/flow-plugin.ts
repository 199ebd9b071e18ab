import type { FlowDefinition, StoredFlowEvent } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import type { Prepared } from '../../infrastructure/database/prepared.js';
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
 * What the server adds to a flow's declaration: form validation and the start event (which may read the
 * database: route, settings), and the messages an event causes. Commands' data, refusals, probes, status and
 * steps are the declaration's (workflows/kit).
 * The engine (start, dispatch, projections, pushes) is the same for every flow.
 */
export interface FlowPlugin {
  definition: FlowDefinition;
  /** Permission value needed to start an instance (checked by the engine, refusals logged). */
  applyPermission: string;
  /** `db` answers rows; it runs hot statements prepared. */
  buildStart(form: unknown, actor: Principal, db: Prepared): Promise<StartPlan>;
  /** Pure: the messages an event causes (the engine writes them, idempotently). */
  messages(input: NotificationInput): PlannedMessage[];
}

export const FLOW_PLUGINS = Symbol('FLOW_PLUGINS');
