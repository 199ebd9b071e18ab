import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  formatCertificateCode,
  type Language,
  type Page,
  Permission,
  type WorkflowAssignee,
  type WorkflowInstanceView,
  type WorkflowListItem,
  type WorkflowTaskItem,
  WorkflowPath,
} from '@schoolflow/contracts';
import { advance, fold } from '@schoolflow/workflows';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { certificates } from '../certificates/certificate.repository.js';
import { refusalOf, refusalText } from './effect-refusal.js';
import { FlowCatalog } from './flow-catalog.service.js';
import { WorkflowInstances } from './workflow-instances.service.js';

interface ListRow {
  id: string;
  flow: string;
  version: number;
  state: string;
  review_status: string;
  extra_status: string | null;
  applicant_id: string;
  applicant_name: string;
  student_id: string | null;
  student_name: string | null;
  student_no: string | null;
  class_name: string | null;
  class_name_en: string | null;
  form: Record<string, unknown>;
  assignees: string[];
  created_at: Date;
  updated_at: Date;
  assigned_at?: Date;
  participants?: string[];
  total: string;
}

const LIST_SELECT = `
  SELECT i.id, i.flow, i.version, i.state, i.review_status, i.extra_status, i.applicant_id, a.name AS applicant_name,
         i.student_id, s.name AS student_name, s.student_no, c.name AS class_name, c.name_en AS class_name_en, i.form, i.assignees, i.created_at, i.updated_at`;
const LIST_FROM = `
  FROM wf_instance i JOIN sys_user a ON a.id = i.applicant_id
  LEFT JOIN student s ON s.id = i.student_id LEFT JOIN admin_class c ON c.id = s.class_id`;

/** Queries of the engine: one instance with its history (folded from its events), lists and the review queue. */
@Injectable()
export class WorkflowReadService {
  constructor(
    private readonly db: DataSource,
    private readonly catalog: FlowCatalog,
    private readonly instances: WorkflowInstances,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async one(flow: string, id: string, me: Principal, lang: Language): Promise<WorkflowInstanceView> {
    const loaded = await this.instances.load(flow, id, me);
    const { plugin, snapshot, events } = loaded;
    const def = plugin.definition;
    const rows: ListRow[] = await this.db.query(`${LIST_SELECT}, 0 AS total ${LIST_FROM} WHERE i.id = $1`, [id]);
    const row = rows[0] as ListRow;
    const actorIds = [...new Set(events.map((e) => String(e.data.actorId ?? '')).filter((x) => /^[0-9a-f-]{36}$/.test(x)))];
    const targetsOf = (data: Record<string, unknown>): string[] => [
      ...(typeof data.toUserId === 'string' ? [data.toUserId] : []),
      ...(Array.isArray(data.userIds) ? data.userIds.filter((x): x is string => typeof x === 'string') : []),
    ];
    const names = await this.names([...actorIds, ...def.assignees(snapshot), ...events.flatMap((e) => targetsOf(e.data))]);
    // One pass: each event's state is the previous snapshot advanced by it.
    let step = fold(def.machine, []);
    const noteOf = (type: string, data: Record<string, unknown>): { note?: string } => {
      const refusal = refusalOf(type, data);
      return refusal ? { note: refusalText(lang, refusal, this.config.timeZone) } : {};
    };
    const history = events.map((e) => {
      step = advance(def.machine, step, [{ type: e.type, data: e.data }]);
      const state = def.stateOf(step);
      const actorId = typeof e.data.actorId === 'string' ? e.data.actorId : null;
      return {
        version: e.version,
        type: e.type,
        actorId: actorId === 'system' ? null : actorId,
        actorName: actorId === 'system' || !actorId ? translate(lang, 'messages.system') : (names.get(actorId) ?? ''),
        at: e.recordedAt.toISOString(),
        comment: typeof e.data.comment === 'string' ? e.data.comment : null,
        state,
        ...(typeof e.data.reason === 'string' && e.type === 'SKIP_STEP' ? { reason: e.data.reason } : {}),
        ...(typeof e.data.returnedAt === 'string' ? { returnedAt: e.data.returnedAt } : {}),
        ...(targetsOf(e.data).length > 0 ? { targets: targetsOf(e.data).map((t) => ({ id: t, name: names.get(t) ?? '' })) } : {}),
        ...noteOf(e.type, e.data),
      };
    });
    const attachmentIds = Array.isArray(row.form.attachments) ? (row.form.attachments as string[]) : [];
    const attachments: { resId: string; resName: string; resSuffix: string }[] = attachmentIds.length
      ? await this.db.query(`SELECT res_id AS "resId", res_name AS "resName", res_suffix AS "resSuffix" FROM sys_file WHERE res_id = ANY($1::uuid[]) AND removed_at IS NULL`, [attachmentIds])
      : [];
    return {
      id,
      flow,
      version: loaded.version,
      state: def.stateOf(snapshot),
      status: def.status(snapshot),
      form: row.form,
      context: snapshot.context as Record<string, unknown>,
      applicant: { id: row.applicant_id, name: row.applicant_name },
      student: this.student(row, lang),
      assignees: def.assignees(snapshot).map((a) => ({ id: a, name: names.get(a) ?? '' })),
      history,
      can: this.instances.can(plugin, snapshot, me.userId),
      more: this.instances.can(plugin, snapshot, me.userId, true),
      attachments,
      ...(plugin.issuesCertificate ? await this.certificate(flow, id) : {}),
    };
  }

  /** A passed proof's certificate: its code and where the PDF is (docs/product/workflows.md#certificates). */
  private async certificate(flow: string, id: string): Promise<Pick<WorkflowInstanceView, 'certificate'>> {
    const cert = await certificates.ofInstance(this.db, id);
    return cert ? { certificate: { code: formatCertificateCode(cert.code), url: `${this.config.baseApi}${WorkflowPath.certificate(flow, id)}` } } : {};
  }

  /** Instances of one flow, or of every flow (`flow` null), newest first. */
  async list(flow: string | null, scope: 'mine' | 'all', current: number, size: number, status: string | undefined, me: Principal, lang: Language): Promise<Page<WorkflowListItem>> {
    const args: unknown[] = [];
    const where: string[] = [];
    if (flow !== null) {
      this.catalog.plugin(flow);
      args.push(flow);
      where.push('i.flow = $1');
    }
    if (scope === 'mine') {
      args.push(me.userId);
      where.push(`i.owners @> ARRAY[$${args.length}::uuid]`);
    } else if (!me.permissions.has(Permission.workflowViewAll)) {
      args.push(me.userId);
      where.push(`i.participants @> ARRAY[$${args.length}::uuid]`);
    }
    if (status) {
      args.push(status);
      where.push(`i.review_status = $${args.length}`);
    }
    args.push(size, (current - 1) * size);
    const rows: ListRow[] = await this.db.query(
      `${LIST_SELECT}, count(*) OVER () AS total ${LIST_FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY i.created_at DESC, i.id LIMIT $${args.length - 1} OFFSET $${args.length}`,
      args,
    );
    const names = await this.names(rows.flatMap((r) => r.assignees));
    return { total: Number(rows[0]?.total ?? 0), list: rows.map((r) => this.item(r, names, lang)) };
  }

  async tasks(current: number, size: number, me: Principal, lang: Language, flow?: string): Promise<Page<WorkflowTaskItem>> {
    const rows: ListRow[] = await this.db.query(
      `${LIST_SELECT}, t.assigned_at, i.participants, count(*) OVER () AS total ${LIST_FROM} JOIN wf_task t ON t.instance_id = i.id
        WHERE t.assignee_id = $1 AND ($4::text IS NULL OR t.flow = $4) ORDER BY t.assigned_at, i.id LIMIT $2 OFFSET $3`,
      [me.userId, size, (current - 1) * size, flow ?? null],
    );
    const [names, snapshots] = await Promise.all([
      this.names(rows.flatMap((r) => r.assignees)),
      this.instances.snapshotsAt(rows.map((r) => ({ flow: r.flow, id: r.id, version: r.version, participants: r.participants ?? [] }))),
    ]);
    const list = rows.map((r): WorkflowTaskItem => {
      const snapshot = snapshots.get(r.id);
      const can = snapshot ? this.instances.can(this.catalog.plugin(r.flow), snapshot, me.userId) : [];
      return { ...this.item(r, names, lang), assignedAt: (r.assigned_at ?? r.updated_at).toISOString(), can };
    });
    return { total: Number(rows[0]?.total ?? 0), list };
  }

  private item(r: ListRow, names: Map<string, string>, lang: Language): WorkflowListItem {
    return {
      id: r.id,
      flow: r.flow,
      version: r.version,
      state: r.state,
      status: r.extra_status ? { review: r.review_status, extra: r.extra_status } : { review: r.review_status },
      applicant: { id: r.applicant_id, name: r.applicant_name },
      student: this.student(r, lang),
      form: r.form,
      assignees: r.assignees.map((a): WorkflowAssignee => ({ id: a, name: names.get(a) ?? '' })),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  }

  private student(r: ListRow, lang: Language): WorkflowInstanceView['student'] {
    const className = (lang === 'en' && r.class_name_en) || r.class_name || '';
    return r.student_id ? { id: r.student_id, name: r.student_name ?? '', studentNo: r.student_no ?? '', className } : null;
  }

  private async names(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: { id: string; name: string }[] = await this.db.query(`SELECT id, name FROM sys_user WHERE id = ANY($1::uuid[])`, [unique]);
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
