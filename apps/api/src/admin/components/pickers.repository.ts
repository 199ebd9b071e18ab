import { Injectable } from '@nestjs/common';
import type { PickerPerson } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { DirectoryScope } from '../../access/domain/directory-scope.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

/** A role and its type, as the role picker groups them. */
export interface PickerRoleRow {
  type_id: string;
  type_name: string;
  code: string;
  name: string;
  name_en: string;
}

/**
 * What the shared pickers read: enabled people within the caller's directory scope (its SQL condition and arguments,
 * numbered from the given first parameter), and enabled roles by type.
 */
@Injectable()
export class PickersRepository {
  constructor(private readonly db: DataSource) {}

  /** One page of the people matching a keyword (account or name) and a user type, within the scope (its args from $3). */
  async people(search: { keyword: string; userType: string | null }, scope: DirectoryScope, page: { page: number; size: number }): Promise<{ total: number; rows: PickerPerson[] }> {
    const args = [likePattern(search.keyword), search.userType, ...scope.args];
    const w = `WHERE u.enabled AND (u.account ILIKE $1 OR u.name ILIKE $1) AND ($2::text IS NULL OR u.user_type = $2) AND ${scope.where}`;
    const total: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM sys_user u ${w}`, args);
    const rows: PickerPerson[] = await this.db.query(
      `SELECT u.account AS "USERID", u.name AS "USERNAME", u.user_type AS "USERTYPE" FROM sys_user u ${w} ORDER BY u.account LIMIT ${page.size} OFFSET ${page.page * page.size}`,
      args,
    );
    return { total: total[0]?.n ?? 0, rows };
  }

  /** The names of these accounts, those within the scope only (its args from $2). */
  names(accounts: readonly string[], scope: DirectoryScope): Promise<{ USERID: string; USERNAME: string }[]> {
    return this.db.query(`SELECT u.account AS "USERID", u.name AS "USERNAME" FROM sys_user u WHERE u.account = ANY($1::text[]) AND ${scope.where} ORDER BY u.account`, [accounts, ...scope.args]);
  }

  roles(): Promise<PickerRoleRow[]> {
    return this.db.query(`SELECT t.id AS type_id, t.name AS type_name, r.code, r.name, r.name_en FROM sys_role_type t JOIN sys_role r ON r.role_type_id = t.id AND r.enabled ORDER BY t.created_at, r.sort, r.code`);
  }
}
