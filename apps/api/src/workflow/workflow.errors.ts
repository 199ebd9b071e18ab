import { ErrorCode } from '@schoolflow/contracts';
import type { Refusal } from '@schoolflow/workflows';
import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The workflow module's refusals (messages `workflow.*`, and the `validation.*` ones of its API), each stated once.
 * `workflow-engine.service.ts` still states its own inline (it is being split elsewhere); the factories it will use
 * are here already, marked "engine".
 */
export const WorkflowErrors = {
  /** 404 for an instance, a flow or a view that does not exist — or that the caller may not see (no hint that it exists). */
  notFound: () => AppException.notFound('notFound'),
  /**
   * A refusal a user reads, from a flow's own rule (its machine's `refusal`): 403 when it is not theirs to do, 422 when
   * it is not possible now, 429 when not yet. Engine: `refuse()`.
   */
  refused: (r: Refusal): AppException => {
    if (r.kind === 'forbidden') return AppException.forbidden();
    if (r.kind === 'tooSoon') return AppException.tooMany(r.reason);
    return AppException.unprocessable(r.reason);
  },
  /** 403: one who may not start the flow — the flow's own words, or the common ones. Engine: `notApplicant()`. */
  mayNotApply: (refusal?: string) => new AppException(403, ErrorCode.FORBIDDEN, refusal ?? 'workflow.mayNotApply'),
  /** 422: a flow only the engine starts (grade confirmation), asked for by a user. */
  startedByEngine: () => AppException.unprocessable('workflow.startedByEngine'),
  /** 409: If-Match names a version that is no longer the instance's (someone else's command went in first). Engine. */
  conflict: () => AppException.conflict('workflow.conflict'),
  /** 400: an attachment removed between the form and its command. Engine. */
  attachmentGone: () => AppException.badRequest('workflow.attachmentGone'),
  /** 422: the step's holder may not hand it over (no role to transfer to). Engine. */
  notTransferable: () => AppException.unprocessable('workflow.notTransferable'),
  /** 422: only the one holding the step may transfer it. Engine. */
  transferNotHolder: () => AppException.unprocessable('workflow.transferNotHolder'),
  /** 422: a CC names someone outside whom a CC may name (docs/adr/0028). Engine. */
  ccTargetInvalid: () => AppException.unprocessable('workflow.ccTargetInvalid'),
  /** 400: an Idempotency-Key that is not a key (docs/architecture.md, idempotency). */
  idempotencyKeyInvalid: () => AppException.badRequest('validation.idempotencyKeyInvalid'),
  /** 422: an Idempotency-Key used before for another request, or on another instance (also the engine's). */
  idempotencyKeyReused: () => AppException.unprocessable('validation.idempotencyKeyReused'),
  /** 400: an event name that is not one (`POST …/events/:event`). */
  eventInvalid: () => AppException.badRequest('validation.invalid'),
  /** 400: `flow` names no flow of this server. */
  flowInvalid: () => AppException.badRequest('validation.flowInvalid'),
  /** 403: a certificate of another's instance. */
  certificateNotYours: () => new AppException(403, ErrorCode.FORBIDDEN, 'workflow.certificateNotYours'),
  /** 422: the instance has not been given its certificate (not passed yet). */
  certificateNotIssued: () => AppException.unprocessable('workflow.certificateNotIssued'),
  /** 429: too many certificate checks from one address (the public verification page). */
  certificateChecksTooMany: () => AppException.tooMany('workflow.certificateChecksTooMany'),
  /** 400: a verification code that is not one. */
  certificateCodeInvalid: () => AppException.badRequest('validation.certificateCodeInvalid'),
};
