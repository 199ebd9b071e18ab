import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rows } from '../../infrastructure/database/query-rows.js';

/** What the legacy user-info row shows of an account: never its password hash. */
export interface AccountInfo {
  account: string;
  name: string;
  enabled: boolean;
  must_change_password: boolean;
}

/** Accounts as their own pages read them (`sys_user`). */
@Injectable()
export class AccountsRepository {
  constructor(private readonly db: DataSource) {}

  async info(account: string): Promise<AccountInfo | null> {
    const [row] = await rows<AccountInfo>(this.db, `SELECT account, name, enabled, must_change_password FROM sys_user WHERE account = $1`, [account]);
    return row ?? null;
  }
}
