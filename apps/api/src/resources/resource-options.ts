import { Injectable } from '@nestjs/common';
import { type Language, OPTION_SOURCES, RESOURCES, type ResourceDef, type ResourceOption, UserType } from '@schoolflow/contracts';
import { DataSource, type FindOptionsWhere, ILike, In, Raw } from 'typeorm';
import { RESOURCE_ENTITIES } from './resource-entities.js';
import type { Values } from './resource-plugin.js';
import { within } from './resource.service.js';
import { likePattern } from '../infrastructure/database/like-pattern.js';

export type OptionSource = (typeof OPTION_SOURCES)[number];
export const isOptionSource = (s: string): s is OptionSource => (OPTION_SOURCES as readonly string[]).includes(s);

/**
 * Options for pickers and for naming references (a building's campus, a class's head teacher): a resource's records
 * by its label and key, or one of the sources outside the kit — teachers (accounts of user type 3), departments,
 * roles (by code). Typed reads, at most 50 by keyword, or exactly the ids asked for.
 */
@Injectable()
export class ResourceOptions {
  constructor(private readonly db: DataSource) {}

  async ofResource(d: ResourceDef, keyword: string, ids: string[] | null, scope: FindOptionsWhere<Values>, lang: Language = 'zh', limit = 50): Promise<ResourceOption[]> {
    const repo = this.db.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.read);
    const like = likePattern(keyword);
    // A label or key that is not text (a period's number, a grade, an id) is matched as its text: ILIKE on an int was a 500.
    const matches = (f: string) => (['text', 'longText'].includes(d.fields[f]?.kind ?? '') ? ILike(like) : Raw((column) => `CAST(${column} AS text) ILIKE :like`, { like }));
    const where: FindOptionsWhere<Values> | FindOptionsWhere<Values>[] = ids
      ? within({ id: In(ids) }, scope) // the scope narrows the ids asked for (a student: only their own)
      : keyword
        ? [...new Set([d.label, d.key])].map((f) => ({ ...scope, [f]: matches(f) }) as FindOptionsWhere<Values>)
        : scope;
    const order = Object.fromEntries(d.list.sort.map(([f, dir]) => [f, dir]));
    const rows = await repo.find({ where, order, take: ids ? ids.length : limit });
    // In English, the record's English name where it has one.
    const labelOf = (r: Values): string => String((lang === 'en' && d.labelEn && r[d.labelEn]) || r[d.label] || '');
    return rows.map((r) => ({ value: String(r.id), label: labelOf(r), key: String(r[d.key] ?? '') }));
  }

  async ofSource(source: OptionSource, keyword: string, ids: string[] | null, lang: Language = 'zh', limit = 50): Promise<ResourceOption[]> {
    const named = (alias: string) => (lang === 'en' ? `coalesce(nullif(${alias}.name_en, ''), ${alias}.name)` : `${alias}.name`);
    const like = likePattern(keyword);
    const take = ids ? ids.length : limit;
    if (source === 'teachers') {
      const q = this.db.createQueryBuilder().select(['u.id AS value', 'u.name AS label', 'u.account AS key']).from('sys_user', 'u').where('u.user_type = :t', { t: UserType.teacher });
      if (ids) q.andWhere('u.id IN (:...ids)', { ids });
      else if (keyword) q.andWhere('(u.name ILIKE :like OR u.account ILIKE :like)', { like });
      return q.orderBy('u.account').limit(take).getRawMany<ResourceOption>();
    }
    if (source === 'departments') {
      const q = this.db.createQueryBuilder().select(['d.id AS value', `${named('d')} AS label`, 'd.code AS key']).from('org_department', 'd');
      if (ids) q.where('d.id IN (:...ids)', { ids });
      else if (keyword) q.where('(d.name ILIKE :like OR d.code ILIKE :like)', { like });
      return q.orderBy('d.sort').limit(take).getRawMany<ResourceOption>();
    }
    const q = this.db.createQueryBuilder().select(['r.code AS value', `${named('r')} AS label`, 'r.code AS key']).from('sys_role', 'r').where('r.enabled');
    if (ids) q.andWhere('r.code IN (:...ids)', { ids });
    else if (keyword) q.andWhere('(r.name ILIKE :like OR r.code ILIKE :like)', { like });
    return q.orderBy('r.sort').limit(take).getRawMany<ResourceOption>();
  }

  /** Keys (codes, accounts) → values, for an import's references; unknown keys are absent. */
  async valuesByKey(ref: string, keys: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!keys.length) return out;
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      const d = RESOURCES[ref];
      if (d) {
        const rows = await this.db.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.read).find({ where: { [d.key]: In(chunk) } as FindOptionsWhere<Values> });
        for (const r of rows) out.set(String(r[d.key]), String(r.id));
      } else if (isOptionSource(ref)) {
        const column = ref === 'teachers' ? 'u.account' : ref === 'departments' ? 'd.code' : 'r.code';
        const table = ref === 'teachers' ? 'sys_user' : ref === 'departments' ? 'org_department' : 'sys_role';
        const alias = column.split('.')[0] as string;
        const value = ref === 'roles' ? 'r.code' : `${alias}.id`;
        const rows = await this.db.createQueryBuilder().select([`${column} AS key`, `${value} AS value`]).from(table, alias).where(`${column} IN (:...chunk)`, { chunk }).getRawMany<{ key: string; value: string }>();
        for (const r of rows) out.set(r.key, r.value);
      }
    }
    return out;
  }

  /** Values → keys, for an export's references. */
  async keysByValue(ref: string, values: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const unique = [...new Set(values.filter(Boolean))];
    for (let i = 0; i < unique.length; i += 1000) {
      const chunk = unique.slice(i, i + 1000);
      const d = RESOURCES[ref];
      const options = d ? await this.ofResource(d, '', chunk, {}) : isOptionSource(ref) ? await this.ofSource(ref, '', chunk) : [];
      for (const o of options) out.set(o.value, o.key ?? o.label);
    }
    return out;
  }
}
