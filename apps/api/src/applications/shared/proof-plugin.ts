import type { FlowDefinition } from '@schoolflow/workflows';
import { proofFormSchema, type ProofSubmitted } from '@schoolflow/workflows/kit/proof.js';
import type { DirectoryCache } from '../../infrastructure/database/directory-cache.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { certificates, type CertifiedGrade } from '../../workflow/certificates/certificate.repository.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import type { EffectOutcome } from '../../workflow/domain/effect-refusal.js';
import { recheckStudent } from './effect-checks.js';
import { reviewMessages } from './review-messages.js';
import { ownersOf, pickStudent, readApplicant, withStandIns } from './student-applicant.js';

type EffectDb = Parameters<NonNullable<FlowPlugin['effects']>>[1];

/**
 * A proof on the engine (在读证明, 成绩证明): a student for themself or a parent for a child who is enrolled; the
 * school office decides (administrators stand in when the office is only the applicant); the committed approval
 * issues the certificate — once, whatever a replay or a crash does; a grade proof's lists the grades published that day.
 */
export function proofPlugin(
  definition: FlowDefinition,
  opts: {
    /** Where the applicant's read is kept (PluginDeps). */
    directory: DirectoryCache;
    grades?: (db: EffectDb, studentId: string) => Promise<CertifiedGrade[]>;
    /** Certifies enrollment: nothing is issued for a student who left (学籍异动) after asking. */
    enrolledOnly?: boolean;
  },
): FlowPlugin {
  return {
    definition,
    issuesCertificate: true,
    // the certificate is the effect's; the detail page shows it by itself once it exists (docs/adr/0068)
    announcesEffects: true,

    async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
      const form = validate(proofFormSchema, body);
      const row = await readApplicant({ db, directory: opts.directory }, actor, []);
      const student = pickStudent(actor, form.studentId, row.candidates);
      const office = withStandIns(row.office, row.admin, actor.userId);
      const data: Omit<ProofSubmitted, 'type' | 'actorId'> = {
        studentId: student.id,
        studentUserId: student.user_id,
        purpose: form.purpose,
        language: form.language,
        route: { office },
      };
      return { data, studentId: student.id, owners: ownersOf(actor, student), reviewers: office, attachments: [] };
    },

    messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

    /**
     * Passed: the certificate — of a student still on the record and, certifying enrollment, still enrolled: the row is
     * read again, locked while the certificate is made from it (docs/adr/0027); otherwise nothing is issued and the
     * instance says why.
     */
    async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
      if (!passedBy(definition, { before, after })) return undefined;
      const ctx = after.context as { studentId: string; form: { purpose?: unknown; language?: unknown } };
      const refused = await recheckStudent(db, ctx.studentId, { lock: 'SHARE', enrolled: opts.enrolledOnly === true });
      if (refused) return refused;
      await certificates.issue(db, {
        instanceId,
        flow: definition.flow,
        studentId: ctx.studentId,
        language: ctx.form.language === 'en' ? 'en' : 'zh',
        purpose: String(ctx.form.purpose ?? ''),
        ...(opts.grades ? { grades: await opts.grades(db, ctx.studentId) } : {}),
        ...(opts.enrolledOnly ? { enrolledOnly: true } : {}),
      });
      return undefined;
    },
  };
}
