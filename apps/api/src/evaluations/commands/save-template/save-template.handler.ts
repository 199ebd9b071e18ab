import { Injectable } from '@nestjs/common';
import { type EvalTemplate, type EvalTemplateParsed } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { TemplatesRepository } from '../../domain/templates.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/** The tree as compared for "did the structure change" (names, weights, levels in order; ids and descriptions aside). */
const structure = (themes: { name: string; contents: { name: string; evaluators: { role: string; weight: number }[]; levels: { name: string; score: number | null; min: number | null; max: number | null }[] }[] }[]): string =>
  JSON.stringify(themes.map((h) => [h.name, h.contents.map((c) => [c.name, [...c.evaluators].sort((a, b) => a.role.localeCompare(b.role)).map((e) => [e.role, e.weight]), c.levels.map((l) => [l.name, l.score, l.min, l.max])])]));

/**
 * 评价设置: create or change a template with its whole tree (docs/product/evaluations.md#settings). The input rules
 * (names ≤ 30, weights ≤ 100, a score or a band per level) are the contract's schema; here: the school year exists,
 * the name is free in it, and a template a round uses keeps its tree (its results rest on it) — only its name,
 * description and precision change.
 */
@Injectable()
export class SaveTemplate {
  constructor(
    private readonly db: DataSource,
    private readonly templates: TemplatesRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async create(input: EvalTemplateParsed, me: Principal, client: ClientInfo): Promise<EvalTemplate> {
    await this.access.mayManage(me, client, 'evaluation.template.create', null);
    await this.checkHead(input, null);
    const id = await this.db.transaction(async (tx) => {
      const created = await this.templates.insertHead(tx, input, me.userId);
      await this.templates.replaceTree(tx, created, input.themes);
      return created;
    });
    await this.access.record(me, client, 'evaluation.template.create', id, { name: input.name });
    return (await this.templates.get(this.db, id))!;
  }

  async update(id: string, input: EvalTemplateParsed, me: Principal, client: ClientInfo): Promise<EvalTemplate> {
    await this.access.mayManage(me, client, 'evaluation.template.update', id);
    const before = await this.templates.get(this.db, id);
    if (!before) throw EvaluationsErrors.templateNotFound();
    await this.checkHead(input, id);
    const refusal = await this.db.transaction(async (tx) => {
      const locked = await this.templates.lock(tx, id);
      if (!locked) return 'templateNotFound' as const;
      if (locked.inUse && (structure(input.themes) !== structure(before.themes) || input.schoolYearId !== before.schoolYearId || input.peerCount !== before.peerCount)) return 'templateInUse' as const;
      await this.templates.updateHead(tx, id, input);
      if (!locked.inUse) await this.templates.replaceTree(tx, id, input.themes);
      return null;
    });
    if (refusal) {
      await this.access.refused(me, client, 'evaluation.template.update', id, `evaluations.errors.${refusal}`);
      throw EvaluationsErrors[refusal]();
    }
    await this.access.record(me, client, 'evaluation.template.update', id, { name: input.name, precision: input.precision });
    return (await this.templates.get(this.db, id))!;
  }

  private async checkHead(input: EvalTemplateParsed, id: string | null): Promise<void> {
    if (!(await this.templates.schoolYearExists(this.db, input.schoolYearId))) throw EvaluationsErrors.schoolYearNotFound();
    if (await this.templates.nameUsed(this.db, input.schoolYearId, input.name, id)) throw EvaluationsErrors.templateNameUsed();
  }
}
