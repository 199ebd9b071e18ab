import { Inject, Injectable } from '@nestjs/common';
import {
  bodySchema,
  type FieldDef,
  issueParams,
  type Language,
  listQuerySchema,
  PHOTO_RULES,
  RESOURCES,
  type ResourceDef,
  type ResourceRecord,
} from '@schoolflow/contracts';
import { And, DataSource, type EntityManager, Equal, FindOperator, type FindOptionsWhere, ILike, In } from 'typeorm';
import type { z } from 'zod';
import { dbErrorOf } from '../infrastructure/database/db-error.js';
import { AppException } from '../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../infrastructure/http/request-context.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import type { PushRow } from '../messaging/domain/outbox.js';
import { RealtimeGateway } from '../messaging/realtime/realtime.gateway.js';
import { OperationLogService } from '../system/domain/operation-log.service.js';
import { BulkInsert } from './resource-bulk-insert.js';
import { firstHeldReference } from './resource-references.js';
import { RESOURCE_ENTITIES } from './resource-entities.js';
import type { ResourcePlugin, ResourcePlugins, Values } from './resource-plugin.js';
import { ResourceErrors } from './resources.errors.js';
import { likePattern } from '../infrastructure/database/like-pattern.js';

export const RESOURCE_PLUGINS = Symbol('RESOURCE_PLUGINS');

const schemaCache = new Map<string, z.ZodType<Record<string, unknown>>>();
/** The declaration's body schema, made once per resource and mode (the body, each import row). */
export function schemaOf(d: ResourceDef, mode: 'create' | 'update'): z.ZodType<Record<string, unknown>> {
  const key = `${d.name}:${mode}`;
  let s = schemaCache.get(key);
  if (!s) {
    s = bodySchema(d, mode);
    schemaCache.set(key, s);
  }
  return s;
}

/** The first refusal of a value, as the message the caller reads and the field it is about. */
export function refusalOf(d: ResourceDef, issues: readonly z.core.$ZodIssue[], lang: Language): { key: string; params: Record<string, unknown>; field: string } {
  const issue = issues[0];
  const path = issue?.path ?? [];
  const { labelKey, ...range } = issueParams(d, path);
  const key = issue?.message && /^(validation|resource)\.[A-Za-z.]+$/.test(issue.message) ? issue.message : 'validation.fieldInvalid';
  return { key, params: { field: translate(lang, labelKey), ...range }, field: path.map(String).join('.') };
}

/**
 * Conditions a reader's scope narrows. Fix (e2e test/resources/resource-access): they were merged as
 * `{ ...conditions, ...scope }` / `{ ...scope, id }`, so a field in both kept only one of them — a student or a parent
 * reading `/students/{id}` of any student got that record (the id asked for replaced the scope's own ids), and a head
 * teacher filtering by another class got their own class's students. A field in both must now match both.
 */
export function within(conditions: Values, scope: FindOptionsWhere<Values>): FindOptionsWhere<Values> {
  const out: Values = { ...conditions };
  const operator = (v: unknown): FindOperator<unknown> => (v instanceof FindOperator ? v : Equal(v));
  for (const [field, v] of Object.entries(scope)) out[field] = field in out ? And(operator(out[field]), operator(v)) : v;
  return out as FindOptionsWhere<Values>;
}


/**
 * The resource kit's one service (docs/adr/0023): list, read, create, update and delete any declared resource through
 * its TypeORM repository; validation by the declaration's zod schema; uniqueness and "in use" kept by the database's
 * named constraints and answered with the declaration's messages; every change in the operation log.
 */
@Injectable()
export class ResourceService {
  private readonly bulk: BulkInsert;

  constructor(
    private readonly db: DataSource,
    private readonly oplog: OperationLogService,
    @Inject(RESOURCE_PLUGINS) private readonly plugins: ResourcePlugins,
    private readonly realtime: RealtimeGateway,
  ) {
    this.bulk = new BulkInsert(db);
  }

  def(name: string): ResourceDef {
    const d = RESOURCES[name];
    if (!d) throw AppException.notFound();
    return d;
  }

  private plugin(d: ResourceDef): ResourcePlugin {
    return this.plugins[d.name] ?? {};
  }

  /** Who may read: the read permission sees every row; a scoped reader the plugin's subset; anyone else is refused. */
  async readScope(d: ResourceDef, me: Principal, tx: EntityManager = this.db.manager): Promise<FindOptionsWhere<Values> | null> {
    if (me.permissions.has(d.permissions.read)) return {};
    const scope = this.plugin(d).scope;
    if (scope && (d.scopedReaders ?? []).some((r) => me.roles.includes(r))) {
      const where = await scope(me, tx);
      if (where) return where;
    }
    return null;
  }

  async refuse(me: Principal, client: ClientInfo, action: string, target: string): Promise<never> {
    await this.oplog.append({ userId: me.userId, account: me.account, action, target, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: {} });
    throw AppException.forbidden();
  }

  /** The filters of a list query, as repository conditions. */
  private filtersOf(d: ResourceDef, q: Record<string, unknown>, lang: Language): Values {
    const where: Values = {};
    for (const name of d.list.filters) {
      const raw = q[name];
      if (typeof raw !== 'string' || raw === '') continue;
      const f = d.fields[name] as FieldDef;
      const parsed = f.schema.safeParse(raw);
      if (!parsed.success || parsed.data === null) throw ResourceErrors.fieldChoose(name, translate(lang, `resource.${d.name}.fields.${name}`));
      where[name] = parsed.data;
    }
    return where;
  }

  parseQuery(d: ResourceDef, query: unknown, lang: Language): { current: number; size: number; keyword: string; where: Values } {
    const parsed = listQuerySchema(d).safeParse(query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw AppException.badRequest(issue?.message && /^validation\.[A-Za-z]+$/.test(issue.message) ? issue.message : 'validation.invalid');
    }
    const q = parsed.data as { current: number; size: number; keyword?: string };
    return { current: q.current, size: q.size, keyword: q.keyword ?? '', where: this.filtersOf(d, parsed.data, lang) };
  }

  /** The rows a list query selects: its filters within the reader's scope, its keyword over the keyword fields. */
  private whereOf(d: ResourceDef, query: { keyword: string; where: Values }, scope: FindOptionsWhere<Values>): FindOptionsWhere<Values> | FindOptionsWhere<Values>[] {
    const base = within(query.where, scope);
    return query.keyword ? d.list.keyword.map((k) => ({ ...base, [k]: ILike(likePattern(query.keyword)) })) : base;
  }

  /** The declaration's order, then the id (a stable page). */
  private orderOf(d: ResourceDef): Record<string, 'ASC' | 'DESC'> {
    return Object.fromEntries([...d.list.sort.map(([f, dir]) => [f, dir]), ['id', 'ASC']]) as Record<string, 'ASC' | 'DESC'>;
  }

  /** One page of records, by the declaration's rules: keyword over its keyword fields, its filters, its order. */
  async list(d: ResourceDef, query: { current: number; size: number; keyword: string; where: Values }, scope: FindOptionsWhere<Values>): Promise<{ total: number; list: ResourceRecord[] }> {
    const repo = this.db.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.read);
    const where = this.whereOf(d, query, scope);
    const order = this.orderOf(d);
    // The count as count(*): the ORM's own counts COUNT(DISTINCT id), a sort of every match for nothing, since the id
    // is the key. One after the other on one connection: side by side on two cost more CPU a request (bench:import).
    // A page answers what a list shows (its columns, the record's key and label): the whole record is one GET away.
    const select = Object.fromEntries(['id', ...new Set([...d.list.columns, ...(d.list.extra ?? []), d.key, d.label, ...(d.labelEn ? [d.labelEn] : [])])].filter((f) => f === 'id' || d.fields[f]?.column || (d.view && d.fields[f]?.virtual)).map((f) => [f, true]));
    const rows = await repo.find({ where, order, select, skip: (query.current - 1) * query.size, take: query.size });
    const counted = await repo.createQueryBuilder('r').select('count(*)::int', 'n').where(where).getRawOne<{ n: number }>();
    const total = counted?.n ?? 0;
    return { total, list: rows.map((r) => this.answer(d, r)) };
  }

  /** Every record the filters select (export), in the list's order. */
  async all(d: ResourceDef, query: { keyword: string; where: Values }, scope: FindOptionsWhere<Values>): Promise<ResourceRecord[]> {
    const repo = this.db.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.read);
    const rows = await repo.find({ where: this.whereOf(d, query, scope), order: this.orderOf(d), take: 100_000 });
    const records = rows.map((r) => this.answer(d, r));
    if (d.children) await this.loadChildren(d, this.db.manager, records);
    return records;
  }

  /** A row as answered: hidden fields dropped. */
  private answer(d: ResourceDef, row: Values): ResourceRecord {
    const out: Values = { id: row.id };
    for (const [name, f] of Object.entries(d.fields)) if (!f.hidden && name in row) out[name] = row[name];
    return out as ResourceRecord;
  }

  async get(d: ResourceDef, id: string, scope: FindOptionsWhere<Values>): Promise<ResourceRecord> {
    const repo = this.db.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.read);
    const row = await repo.findOne({ where: within({ id }, scope) });
    if (!row) throw ResourceErrors.notFound();
    const record = this.answer(d, row);
    await this.loadChildren(d, this.db.manager, [record]);
    for (const [name, l] of Object.entries(d.links ?? {})) {
      const rows: Values[] = await this.db.createQueryBuilder().select(`l.${l.otherColumn}`, 'other').from(l.table, 'l').where(`l.${l.parentColumn} = :id`, { id }).getRawMany();
      record[name] = rows.map((r) => r.other);
    }
    return record;
  }

  private async loadChildren(d: ResourceDef, tx: EntityManager, records: ResourceRecord[]): Promise<void> {
    for (const [name, c] of Object.entries(d.children ?? {})) {
      const repo = tx.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.children[name]!);
      const ids = records.map((r) => r.id);
      const rows = ids.length ? await repo.find({ where: { parentId: In(ids) }, order: c.positionColumn ? { position: 'ASC' } : {} }) : [];
      const byParent = new Map<unknown, Values[]>();
      for (const row of rows) {
        const item: Values = {};
        for (const [f, def] of Object.entries(c.fields)) if (!def.hidden) item[f] = row[f];
        byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), item]);
      }
      for (const r of records) r[name] = byParent.get(r.id) ?? [];
    }
  }

  /** A body checked by the declaration: the stored values, or a 400 naming the field in the caller's language. */
  validate(d: ResourceDef, mode: 'create' | 'update', body: unknown, lang: Language): Values {
    const parsed = schemaOf(d, mode).safeParse(body ?? {});
    if (parsed.success) return parsed.data;
    const r = refusalOf(d, parsed.error.issues, lang);
    throw AppException.badRequest(r.key, r.params).withData({ field: r.field });
  }

  /** A new row keyed by column (the bulk insert's shape): the record's own stored fields; null takes a column's default. */
  private rowOf(d: ResourceDef, values: Values): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(d.fields)) if (f.column && !f.virtual && !f.viewOnly && name in values) out[f.column] = values[name];
    return out;
  }

  /**
   * The row's own columns of a checked body (not children, links or what only the plugin stores). An optional field
   * left empty is null, but a column that cannot hold null and has a default (a course's `credits`) takes its default,
   * as a new row does — read from the same catalog as the bulk insert's.
   */
  private async columnsOf(d: ResourceDef, values: Values): Promise<Values> {
    const defaulted = await this.bulk.defaulted(d.table);
    const out: Values = {};
    for (const [name, f] of Object.entries(d.fields)) {
      if (!f.column || f.virtual || f.viewOnly || !(name in values)) continue;
      out[name] = values[name] === null && defaulted.has(f.column) ? () => 'DEFAULT' : values[name];
    }
    return out;
  }

  /** Inserts checked records with their children and links, then the plugin's work, in `tx`. Answers the ids. */
  async insertMany(d: ResourceDef, tx: EntityManager, items: Values[], onChunk?: (done: number) => Promise<void>): Promise<string[]> {
    const plugin = this.plugin(d);
    const ids: string[] = [];
    const CHUNK = 500;
    for (let i = 0; i < items.length; i += CHUNK) {
      const chunk = items.slice(i, i + CHUNK);
      if (plugin.beforeWrite) for (const v of chunk) await plugin.beforeWrite(tx, v, 'create', null);
      if (plugin.beforeCreateMany) await plugin.beforeCreateMany(tx, chunk);
      const chunkIds = await this.bulk.insert(tx, d.table, chunk.map((v) => ({ ...this.rowOf(d, v), ...(typeof v.id === 'string' ? { id: v.id } : {}) })));
      for (const [j, id] of chunkIds.entries()) (chunk[j] as Values).id = id;
      await this.writeChildren(d, tx, chunk as (Values & { id: string })[], false);
      if (plugin.afterCreateMany) await plugin.afterCreateMany(tx, chunk);
      else if (plugin.afterWrite) for (const v of chunk) await plugin.afterWrite(tx, String(v.id), v, 'create');
      ids.push(...chunkIds);
      if (onChunk) await onChunk(ids.length);
    }
    return ids;
  }

  private async writeChildren(d: ResourceDef, tx: EntityManager, items: (Values & { id: string })[], replace: boolean): Promise<void> {
    const entities = RESOURCE_ENTITIES[d.name]!;
    for (const [name, c] of Object.entries(d.children ?? {})) {
      const repo = tx.getRepository<Values>(entities.children[name]!);
      if (replace) await repo.delete({ parentId: In(items.map((v) => v.id)) });
      const rows = items.flatMap((v) =>
        ((v[name] as Values[] | undefined) ?? []).map((child, position) => ({
          ...Object.fromEntries(Object.entries(c.fields).filter(([, def]) => def.column && !def.viewOnly).map(([f, def]) => [def.column as string, child[f]])),
          [c.parentColumn]: v.id,
          ...(c.positionColumn ? { [c.positionColumn]: position } : {}),
        })),
      );
      for (let i = 0; i < rows.length; i += 2000) await this.bulk.insert(tx, c.table, rows.slice(i, i + 2000));
    }
    for (const [name, l] of Object.entries(d.links ?? {})) {
      if (replace) await tx.createQueryBuilder().delete().from(l.table).where(`${l.parentColumn} IN (:...ids)`, { ids: items.map((v) => v.id) }).execute();
      const rows = items.flatMap((v) => ((v[name] as string[] | undefined) ?? []).map((other) => ({ [l.parentColumn]: v.id, [l.otherColumn]: other })));
      for (let i = 0; i < rows.length; i += 1000) await tx.createQueryBuilder().insert().into(l.table).values(rows.slice(i, i + 1000)).orIgnore().execute();
    }
  }

  /**
   * A photo field names an uploaded file: it must be a JPG of at most 2 MB (docs/product/base-data.md#photos) that the writer uploaded or the
   * record already shows; once saved it is linked to the record, so the upload sweep keeps it (docs/adr/0013).
   */
  private async checkPhotos(d: ResourceDef, tx: EntityManager, values: Values, me: Principal, recordId: string | null, lang: Language): Promise<string[]> {
    const ids: string[] = [];
    for (const [name, f] of Object.entries(d.fields)) {
      const id = values[name];
      if (f.kind !== 'photo' || typeof id !== 'string') continue;
      const [file] = await tx.query<{ res_suffix: string; size: number; mine: boolean; shown: boolean }[]>(
        `SELECT f.res_suffix, f.size, f.owner_id = $2 AS mine,
                EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = $3 AND l.ref_id = $4::uuid) AS shown
           FROM sys_file f WHERE f.res_id = $1 AND f.removed_at IS NULL`,
        [id, me.userId, `resource:${d.name}`, recordId],
      );
      const types: readonly string[] = f.photo?.types ?? PHOTO_RULES.types;
      const fits = file && types.includes(file.res_suffix.toLowerCase()) && file.size <= PHOTO_RULES.maxSizeKb * 1024 && (file.mine || file.shown);
      if (!fits) throw ResourceErrors.photoInvalid(name, translate(lang, `resource.${d.name}.fields.${name}`), f.photo?.message);
      ids.push(id);
    }
    return ids;
  }

  private async linkPhotos(d: ResourceDef, tx: EntityManager, ids: string[], recordId: string): Promise<void> {
    for (const id of ids) await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [id, `resource:${d.name}`, recordId]);
  }

  async create(d: ResourceDef, body: unknown, me: Principal, client: ClientInfo, lang: Language): Promise<{ id: string }> {
    const values = this.validate(d, 'create', body, lang);
    const plugin = this.plugin(d);
    const [id, pushes] = await this.write(d, me, client, lang, 'create', null, () =>
      this.db.transaction(async (tx): Promise<[string, PushRow[]]> => {
        const photos = await this.checkPhotos(d, tx, values, me, null, lang);
        const [newId] = (await this.insertMany(d, tx, [values])) as [string];
        await this.linkPhotos(d, tx, photos, newId);
        return [newId, (await plugin.notifyInTransaction?.(tx, newId, 'create')) ?? []];
      }),
    );
    this.emit(pushes);
    await this.audit(me, client, `${d.name}.create`, this.targetOf(d, values, id), { id });
    return { id };
  }

  async update(d: ResourceDef, id: string, body: unknown, me: Principal, client: ClientInfo, lang: Language): Promise<void> {
    const values = this.validate(d, 'update', body, lang);
    const plugin = this.plugin(d);
    const entities = RESOURCE_ENTITIES[d.name]!;
    const pushes = await this.write(d, me, client, lang, 'update', id, () =>
      this.db.transaction(async (tx) => {
        const repo = tx.getRepository<Values>(entities.write);
        // Locked while it changes, so a delete in between cannot make the children orphans.
        const existing = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!existing) throw ResourceErrors.notFound();
        const photos = await this.checkPhotos(d, tx, values, me, id, lang);
        if (plugin.beforeWrite) await plugin.beforeWrite(tx, values, 'update', id);
        const columns = await this.columnsOf(d, values);
        if (Object.keys(columns).length) await repo.update({ id }, columns);
        const withId = { ...values, id };
        await this.writeChildren(d, tx, [withId], true);
        if (plugin.afterWrite) await plugin.afterWrite(tx, id, withId, 'update');
        await this.linkPhotos(d, tx, photos, id);
        return (await plugin.notifyInTransaction?.(tx, id, 'update')) ?? [];
      }),
    );
    this.emit(pushes);
    await this.audit(me, client, `${d.name}.update`, this.targetOf(d, values, id), { id });
  }

  /** The pushes of messages a write's transaction wrote, emitted once it committed. */
  private emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }

  async remove(d: ResourceDef, id: string, me: Principal, client: ClientInfo, lang: Language): Promise<void> {
    const plugin = this.plugin(d);
    const entities = RESOURCE_ENTITIES[d.name]!;
    const target = await this.write(d, me, client, lang, 'delete', id, () =>
      this.db.transaction(async (tx) => {
        const row = await tx.getRepository<Values>(entities.read).findOne({ where: { id } });
        if (!row) throw ResourceErrors.notFound();
        for (const guard of d.refuseDelete ?? []) if (row[guard.field] === true) throw ResourceErrors.notDeletable(guard.message);
        if (plugin.beforeDelete) await plugin.beforeDelete(tx, id);
        await tx.getRepository<Values>(entities.write).delete({ id });
        return [this.targetOf(d, row, id)];
      }),
    );
    await this.audit(me, client, `${d.name}.delete`, target[0] ?? id, { id });
  }

  /** Attach or detach one linked record (a student to a teaching class). */
  async link(d: ResourceDef, id: string, linkName: string, others: string[], attach: boolean, me: Principal, client: ClientInfo, lang: Language): Promise<void> {
    const l = d.links?.[linkName];
    if (!l) throw AppException.notFound();
    await this.write(d, me, client, lang, 'update', id, () =>
      this.db.transaction(async (tx) => {
        const exists = await tx.getRepository<Values>(RESOURCE_ENTITIES[d.name]!.write).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!exists) throw ResourceErrors.notFound();
        if (attach) {
          await tx.createQueryBuilder().insert().into(l.table).values(others.map((o) => ({ [l.parentColumn]: id, [l.otherColumn]: o }))).orIgnore().execute();
        } else {
          await tx.createQueryBuilder().delete().from(l.table).where(`${l.parentColumn} = :id AND ${l.otherColumn} IN (:...others)`, { id, others }).execute();
        }
        return [id];
      }),
    );
    await this.audit(me, client, `${d.name}.${attach ? 'attach' : 'detach'}`, id, { id, [linkName]: others.slice(0, 200) });
  }

  /**
   * The declared "in use" key a refused delete names: the first in the declaration's order that holds the record,
   * whichever key PostgreSQL met first, declared or not (resource-references.ts says why its choice is not kept).
   * Undefined when none holds it, or when the look-up itself fails: the refusal then keeps PostgreSQL's key, as a 409
   * and not a 500.
   */
  private async heldBy(d: ResourceDef, action: string, id: string | null): Promise<string | undefined> {
    if (action !== 'delete' || !id || Object.keys(d.inUse).length === 0) return undefined;
    return firstHeldReference(this.db, d.table, id, Object.keys(d.inUse)).catch(() => undefined);
  }

  /**
   * Runs a write; a constraint the database refused becomes the declaration's message: a unique key (or an exclusion
   * constraint) 409 "…已被使用",
   * a record still referenced 409 with the spec's "in use" message (logged as a refused delete), a reference to
   * nothing 400 naming the field.
   */
  async write<T>(d: ResourceDef, me: Principal, client: ClientInfo, lang: Language, action: string, id: string | null, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const e = dbErrorOf(err);
      if (!e) throw err;
      const unique = e.constraint ? d.unique[e.constraint] : undefined;
      // an exclusion constraint (two lesson periods overlapping) refuses as a unique key does
      if ((e.code === '23505' || e.code === '23P01') && unique) throw ResourceErrors.taken(unique.message, unique.fields[unique.fields.length - 1]);
      if (e.code === '23503' && ((e.constraint && d.inUse[e.constraint]) || action === 'delete')) {
        const constraint = (await this.heldBy(d, action, id)) ?? e.constraint;
        await this.audit(me, client, `${d.name}.${action}`, id ?? '', { id, reason: 'in_use', constraint: constraint ?? null }, 'failure');
        throw ResourceErrors.inUse(constraint ? d.inUse[constraint] : undefined);
      }
      if (e.code === '23503') {
        const field = this.fieldOfConstraint(d, e.constraint);
        throw ResourceErrors.fieldChoose(field, field ? translate(lang, `resource.${d.name}.fields.${field}`) : '');
      }
      const check = e.constraint ? d.checks?.[e.constraint] : undefined;
      if (e.code === '23514' && check) throw ResourceErrors.checkFailed(check.message, check.field, translate(lang, `resource.${d.name}.fields.${check.field}`));
      if (e.code === '23514') throw ResourceErrors.invalid();
      throw err;
    }
  }

  /** `building_campus_id_fkey` → `campusId`. */
  private fieldOfConstraint(d: ResourceDef, constraint: string | undefined): string | undefined {
    if (!constraint) return undefined;
    const field = Object.entries(d.fields).find(([, f]) => f.column && constraint === `${d.table}_${f.column}_fkey`)?.[0];
    // Fix (e2e test/resources/resource-crud): a link to nothing (a teaching class's student id that is no student,
    // `teaching_class_student_student_id_fkey`) answered "请选择" naming no field; it names the link now.
    return field ?? Object.entries(d.links ?? {}).find(([, l]) => constraint === `${l.table}_${l.otherColumn}_fkey`)?.[0];
  }

  targetOf(d: ResourceDef, values: Values, id: string): string {
    const key = values[d.key] ?? values[d.label];
    return typeof key === 'string' && key ? key.slice(0, 100) : id;
  }

  audit(me: Principal, client: ClientInfo, action: string, target: string, detail: Record<string, unknown>, result: 'success' | 'failure' = 'success'): Promise<void> {
    return this.oplog.append({ userId: me.userId, account: me.account, action: `resource.${action}`, target, result, ip: client.ip, userAgent: client.userAgent, detail });
  }
}
