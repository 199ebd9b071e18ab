import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type Envelope, type Language, type PickerPerson, type PickerRoleGroup, userAllDataSchema, userDataSchema } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { AdminPost, likePattern, str } from '../shared/admin-support.js';
import { directoryScope } from '../../access/domain/directory-scope.js';

/**
 * Pickers (docs/product/shell-and-sign-in.md#people-picker, #area-picker): any signed-in user may call them; the people in them are those the caller may find
 * (`directoryScope`: staff everyone, a student or a parent the staff of their own classes and the school office).
 */
@ApiTags('components')
@Controller()
export class ComponentsController {
  constructor(private readonly db: DataSource) {}

  @AdminPost('components/getUserAllData')
  async userAll(@ValidBody(userAllDataSchema) input: z.output<typeof userAllDataSchema>, @CurrentUser() me: Principal): Promise<Envelope<{ total: number; rows: PickerPerson[] }>> {
    let search: Record<string, unknown> = {};
    try {
      const parsed: unknown = input.search ? JSON.parse(input.search) : {};
      if (parsed && typeof parsed === 'object') search = parsed as Record<string, unknown>;
    } catch {
      search = { KEYWORD: input.search };
    }
    const kw = str(search.KEYWORD);
    const type = str(search.USERTYPE);
    const scope = directoryScope(me, 3);
    const args = [likePattern(kw), type || null, ...scope.args];
    const w = `WHERE u.enabled AND (u.account ILIKE $1 OR u.name ILIKE $1) AND ($2::text IS NULL OR u.user_type = $2) AND ${scope.where}`;
    const total: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM sys_user u ${w}`, args);
    const rows: PickerPerson[] = await this.db.query(
      `SELECT u.account AS "USERID", u.name AS "USERNAME", u.user_type AS "USERTYPE" FROM sys_user u ${w} ORDER BY u.account LIMIT ${input.size} OFFSET ${input.page * input.size}`,
      args,
    );
    return ok({ total: total[0]?.n ?? 0, rows });
  }

  @AdminPost('components/getUserData')
  async users(@ValidBody(userDataSchema) { ids }: z.output<typeof userDataSchema>, @CurrentUser() me: Principal): Promise<Envelope<{ USERID: string; USERNAME: string }[]>> {
    // names only of those the caller may find (else a list of guessed student numbers would name every student)
    const scope = directoryScope(me, 2);
    const rows: { USERID: string; USERNAME: string }[] = await this.db.query(
      `SELECT u.account AS "USERID", u.name AS "USERNAME" FROM sys_user u WHERE u.account = ANY($1::text[]) AND ${scope.where} ORDER BY u.account`,
      [ids, ...scope.args],
    );
    return ok(rows);
  }

  @AdminPost('components/getRoles')
  async roles(@Lang() lang: Language): Promise<Envelope<PickerRoleGroup[]>> {
    const rows: { type_id: string; type_name: string; code: string; name: string; name_en: string }[] = await this.db.query(
      `SELECT t.id AS type_id, t.name AS type_name, r.code, r.name, r.name_en FROM sys_role_type t JOIN sys_role r ON r.role_type_id = t.id AND r.enabled ORDER BY t.created_at, r.sort, r.code`,
    );
    const groups = new Map<string, PickerRoleGroup>();
    for (const r of rows) {
      const g = groups.get(r.type_id) ?? { CODE: r.type_id, NAME: r.type_name, CHILD: [] };
      g.CHILD.push({ CODE: r.code, NAME: lang === 'en' && r.name_en ? r.name_en : r.name });
      groups.set(r.type_id, g);
    }
    return ok([...groups.values()]);
  }
}
