import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCOUNT_PATTERN, nameTable, type NormalisedTable, USER_TYPES, type UserCreate, type UserRow, type ImportRowError } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { PasswordHasher } from '../../identity/domain/password-hasher.js';
import { isUniqueViolation, str } from '../shared/admin-support.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';
import { AdminErrors } from '../admin.errors.js';

interface UserDbRow {
  id: string;
  account: string;
  name: string;
  user_type: string;
  enabled: boolean;
  department_id: string | null;
  dept_name: string | null;
  roles: { id: string; code: string; name: string }[];
  locked: boolean;
  sessions: number;
  created_at: Date;
}

/** A sort column the caller names: a name table, so `constructor` sorts by nothing rather than by Object's text. */
const SORTABLE = nameTable({ account: 'u.account', name: 'u.name', userType: 'u.user_type', enabled: 'u.enabled', createdAt: 'u.created_at' });

/** Users as administrators see them; shared by the list, the export and the pickers. */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(t: NormalisedTable, all = false): Promise<{ total: number; list: UserRow[] }> {
    const q = t.query;
    const where: string[] = [];
    const args: unknown[] = [];
    const kw = str(q.keyword);
    if (kw) {
      args.push(likePattern(kw));
      where.push(`(u.account ILIKE $${args.length} OR u.name ILIKE $${args.length})`);
    }
    const userType = str(q.userType);
    if (userType) {
      args.push(userType);
      where.push(`u.user_type = $${args.length}`);
    }
    if (q.enabled === true || q.enabled === false || q.enabled === 'true' || q.enabled === 'false') {
      args.push(q.enabled === true || q.enabled === 'true');
      where.push(`u.enabled = $${args.length}`);
    }
    const deptId = str(q.deptId);
    if (/^[0-9a-f-]{36}$/i.test(deptId)) {
      args.push(deptId);
      where.push(`u.department_id = $${args.length}`);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = t.orders.flatMap((o) => (SORTABLE[o.column] ? [`${SORTABLE[o.column]} ${o.asc ? 'ASC' : 'DESC'}`] : []));
    order.push('u.account ASC');
    const totalRows: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM sys_user u ${w}`, args);
    const limit = all ? 100_000 : t.size;
    const offset = all ? 0 : (t.current - 1) * t.size;
    const rows: UserDbRow[] = await this.db.query(
      `SELECT u.id, u.account, u.name, u.user_type, u.enabled, u.department_id, d.name AS dept_name, u.created_at,
              (u.locked_until IS NOT NULL AND u.locked_until > now()) AS locked,
              (SELECT count(*)::int FROM sys_session s WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()) AS sessions,
              coalesce((SELECT json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) ORDER BY r.sort)
                          FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles
         FROM sys_user u LEFT JOIN org_department d ON d.id = u.department_id ${w}
        ORDER BY ${order.join(', ')} LIMIT ${limit} OFFSET ${offset}`,
      args,
    );
    return {
      total: totalRows[0]?.n ?? 0,
      list: rows.map((r) => ({
        id: r.id,
        account: r.account,
        name: r.name,
        userType: r.user_type,
        enabled: r.enabled,
        deptId: r.department_id,
        deptName: r.dept_name,
        roles: r.roles,
        locked: r.locked,
        sessions: r.sessions,
        createdAt: r.created_at.toISOString(),
      })),
    };
  }

  async hash(account: string, password: string): Promise<string> {
    return PasswordHasher.hashDigest(await PasswordHasher.digest(this.config.pwdHashPrefix, account, password));
  }

  async create(input: UserCreate, tx: EntityManager = this.db.manager): Promise<string> {
    const hash = await this.hash(input.account, input.password);
    try {
      const rows: { id: string }[] = await tx.query(
        `INSERT INTO sys_user (account, name, user_type, password_hash, enabled, department_id, password_changed_at) VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING id`,
        [input.account, input.name, input.userType, hash, input.enabled, input.deptId ?? null],
      );
      const id = (rows[0] as { id: string }).id;
      await this.setRoles(tx, id, input.roleIds);
      return id;
    } catch (err) {
      if (isUniqueViolation(err)) throw AdminErrors.accountUsed();
      if ((err as { code?: string }).code === '23503') throw AdminErrors.idInvalid();
      throw err;
    }
  }

  async setRoles(tx: EntityManager, userId: string, roleIds: string[]): Promise<void> {
    await tx.query(`DELETE FROM sys_user_role WHERE user_id = $1`, [userId]);
    if (roleIds.length) {
      await tx.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT $1, r.id FROM sys_role r WHERE r.id = ANY($2::uuid[]) AND r.kind = 'ordinary' ON CONFLICT DO NOTHING`, [userId, roleIds]);
    }
  }

  /** Creates users with their roles, all or none. */
  async createAll(users: readonly UserCreate[]): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const u of users) ids.push(await this.create(u, tx));
      return ids;
    });
  }

  /** Changes a user's name, type, state, department and roles together; answers the account (refused when none). */
  async update(input: { id: string; name: string; userType: string; enabled: boolean; deptId?: string | null; roleIds: string[] }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const rows: { account: string }[] = await tx
        .query(`UPDATE sys_user SET name = $2, user_type = $3, enabled = $4, department_id = $5, updated_at = now() WHERE id = $1 RETURNING account`, [input.id, input.name, input.userType, input.enabled, input.deptId ?? null])
        .then((r: [{ account: string }[], number]) => r[0]);
      if (!rows[0]) throw AdminErrors.userNotFound();
      await this.setRoles(tx, input.id, input.roleIds);
      return rows[0].account;
    });
  }

  async setEnabled(ids: readonly string[], enabled: boolean): Promise<void> {
    await this.db.query(`UPDATE sys_user SET enabled = $2, updated_at = now() WHERE id = ANY($1::uuid[])`, [ids, enabled]);
  }

  /** Whether any of these users is part of the school's records (a student, a guardian, a teacher, an applicant, …). */
  async anyInUse(ids: readonly string[]): Promise<boolean> {
    const used: { n: number }[] = await this.db.query(
      `SELECT count(*)::int AS n FROM sys_user u WHERE u.id = ANY($1::uuid[]) AND (
         EXISTS (SELECT 1 FROM student s WHERE s.user_id = u.id)
         OR EXISTS (SELECT 1 FROM guardian g WHERE g.user_id = u.id)
         OR EXISTS (SELECT 1 FROM admin_class c WHERE c.head_teacher_id = u.id)
         OR EXISTS (SELECT 1 FROM teaching_assignment a WHERE a.teacher_id = u.id)
         OR EXISTS (SELECT 1 FROM wf_instance w WHERE w.applicant_id = u.id)
         OR EXISTS (SELECT 1 FROM wf_task k WHERE k.assignee_id = u.id)
         OR EXISTS (SELECT 1 FROM sys_file f WHERE f.owner_id = u.id)
         OR EXISTS (SELECT 1 FROM sys_operation_log l WHERE l.user_id = u.id))`,
      [ids],
    );
    return (used[0]?.n ?? 0) > 0;
  }

  /** Deletes users; one that a record came to name meanwhile is refused as in use (its foreign key). */
  async delete(ids: readonly string[]): Promise<void> {
    try {
      await this.db.query(`DELETE FROM sys_user WHERE id = ANY($1::uuid[])`, [ids]);
    } catch (err) {
      if ((err as { code?: string }).code === '23503') throw AdminErrors.userInUse();
      throw err;
    }
  }

  async accountOf(id: string): Promise<string | null> {
    const rows: { account: string }[] = await this.db.query(`SELECT account FROM sys_user WHERE id = $1`, [id]);
    return rows[0]?.account ?? null;
  }

  /** A new password: the lock and the failure count go with the old one. */
  async setPasswordHash(id: string, hash: string): Promise<void> {
    await this.db.query(`UPDATE sys_user SET password_hash = $2, password_changed_at = now(), failed_attempts = 0, locked_until = NULL, updated_at = now() WHERE id = $1`, [id, hash]);
  }

  /** Validates every row of an import; answers the users to create, or every row error. */
  async validateImport(rows: string[][]): Promise<{ users: UserCreate[]; errors: ImportRowError[] }> {
    const errors: ImportRowError[] = [];
    const users: UserCreate[] = [];
    const depts: { id: string; code: string }[] = await this.db.query(`SELECT id, code FROM org_department`);
    const roles: { id: string; code: string }[] = await this.db.query(`SELECT id, code FROM sys_role WHERE kind = 'ordinary'`);
    const deptByCode = new Map(depts.map((d) => [d.code, d.id]));
    const roleByCode = new Map(roles.map((r) => [r.code, r.id]));
    const accounts = rows.slice(1).map((r) => str(r[0]));
    const taken: { account: string }[] = await this.db.query(`SELECT account FROM sys_user WHERE account = ANY($1::text[])`, [accounts]);
    const takenSet = new Set(taken.map((x) => x.account));
    const seen = new Set<string>();
    rows.slice(1).forEach((r, i) => {
      const rowNo = i + 2;
      const err = (column: string, message: string) => errors.push({ row: rowNo, column, message });
      const [account = '', name = '', userType = '', password = '', deptCode = '', roleCodes = ''] = r.map((c) => str(c));
      const before = errors.length;
      if (!account) err('account', 'validation.accountRequired');
      else if ([...account].length > 50) err('account', 'validation.accountTooLong');
      else if (!ACCOUNT_PATTERN.test(account)) err('account', 'validation.accountChars');
      else if (takenSet.has(account)) err('account', 'accountUsed');
      else if (seen.has(account)) err('account', 'importDuplicateInFile');
      seen.add(account);
      if (!name) err('name', 'validation.nameRequired');
      else if ([...name].length > 50) err('name', 'validation.nameTooLong');
      if (!(USER_TYPES as readonly string[]).includes(userType)) err('userType', 'validation.userTypeInvalid');
      if (!password) err('password', 'validation.passwordRequired');
      else if ([...password].length < 5) err('password', 'validation.passwordTooShort');
      else if ([...password].length > 50) err('password', 'validation.passwordTooLong');
      let deptId: string | null = null;
      if (deptCode) {
        deptId = deptByCode.get(deptCode) ?? null;
        if (!deptId) err('deptCode', 'deptNotFound');
      }
      const roleIds: string[] = [];
      for (const code of roleCodes.split(/[,，;\s]+/).filter(Boolean)) {
        const id = roleByCode.get(code);
        if (id) roleIds.push(id);
        else err('roleCodes', 'roleNotFoundCode');
      }
      if (errors.length === before) users.push({ account, name, userType: userType as UserCreate['userType'], password, enabled: true, deptId, roleIds });
    });
    return { users, errors };
  }
}
