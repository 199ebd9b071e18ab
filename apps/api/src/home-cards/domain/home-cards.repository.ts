import { Injectable } from '@nestjs/common';
import type { HomeCardKey, HomeCardSetting } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

/** 首页卡片管理's SQL (table `home_card`, migrations/1732000065500): a role's saved layout, one row a card. */
@Injectable()
export class HomeCardsRepository {
  /** The saved layouts of these roles (a role with none is absent: it has the defaults). */
  async layouts(db: Db, roles: readonly string[]): Promise<Map<string, HomeCardSetting[]>> {
    const found = await rows<{ role_code: string; card: HomeCardKey; enabled: boolean }>(db, `SELECT role_code, card, enabled FROM home_card WHERE role_code = ANY($1::text[]) ORDER BY role_code, position`, [roles]);
    const out = new Map<string, HomeCardSetting[]>();
    for (const r of found) out.set(r.role_code, [...(out.get(r.role_code) ?? []), { card: r.card, enabled: r.enabled }]);
    return out;
  }

  async roleExists(db: Db, code: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM sys_role WHERE code = $1`, [code])).length > 0;
  }

  /** Replaces the role's layout with `cards`, in their order. */
  async save(tx: Db, role: string, cards: readonly HomeCardSetting[], by: string): Promise<void> {
    await tx.query(`DELETE FROM home_card WHERE role_code = $1`, [role]);
    await tx.query(
      `INSERT INTO home_card (role_code, card, position, enabled, updated_by) SELECT $1, c.card, c.i - 1, c.enabled, $4 FROM unnest($2::text[], $3::boolean[]) WITH ORDINALITY AS c(card, enabled, i)`,
      [role, cards.map((c) => c.card), cards.map((c) => c.enabled), by],
    );
  }

  async reset(tx: Db, role: string): Promise<void> {
    await tx.query(`DELETE FROM home_card WHERE role_code = $1`, [role]);
  }
}
