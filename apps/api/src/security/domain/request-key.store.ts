import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { generateRequestKeyPair, requestKeys, type RequestKeyPair, type RequestKeys } from './request-crypto.js';

/**
 * The one X25519 key pair of the platform, shared by every instance (a browser signs with the key one instance gave
 * and may be answered by another behind the balancer). The first instance that needs it makes it; a concurrent
 * first use on two instances is settled by the row's single id (the loser reads the winner's). Read once per process.
 * The private key is never logged nor answered; the role-query account cannot read the table (docs/adr/0036).
 */
@Injectable()
export class RequestKeyStore {
  private loading: Promise<RequestKeys> | null = null;

  constructor(private readonly db: DataSource) {}

  keys(): Promise<RequestKeys> {
    // A failed read (the database away) is not remembered: the next request tries again.
    this.loading ??= this.load().catch((err: unknown) => {
      this.loading = null;
      throw err;
    });
    return this.loading;
  }

  private async load(): Promise<RequestKeys> {
    const stored = await this.read();
    if (stored) return requestKeys(stored);
    const made = generateRequestKeyPair();
    await this.db.query(`INSERT INTO sys_request_key (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`, [made.publicKey, made.privateKey]);
    const settled = await this.read();
    if (!settled) throw new Error('request key not stored');
    return requestKeys(settled);
  }

  private async read(): Promise<RequestKeyPair | null> {
    const rows: { public_key: string; private_key: string }[] = await this.db.query(`SELECT public_key, private_key FROM sys_request_key WHERE id = 1`);
    const row = rows[0];
    return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
  }
}
