import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IdsAccountAttribute } from '../../../config/app-config.js';
import { tokenHash } from '../session.service.js';
import { ACCOUNT_LOOKUP, type MatchedAccount } from './account-match.js';

/** A sign-in started at the provider and not yet answered (docs/adr/0035-single-sign-on.md). */
export interface StartedSignIn {
  protocol: 'cas' | 'oidc';
  /** The platform path to come back to (already a safe, same-site path). */
  redirect: string;
  codeVerifier: string | null;
  nonce: string | null;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * What single sign-on keeps in PostgreSQL: the started sign-ins (single-use, expiring; keyed by the hash of the state
 * that travels in the address) and, per session made by it, the CAS ticket's hash and the OIDC ID token. PostgreSQL
 * rather than Redis: every instance reaches it, with or without REDIS_URL, and a sign-in is taken by one DELETE.
 */
@Injectable()
export class IdsStore {
  constructor(private readonly db: DataSource) {}

  /** A new state for a started sign-in; expired ones of before are swept with it. */
  async start(signIn: StartedSignIn, ttlSeconds: number): Promise<string> {
    const state = randomBytes(32).toString('base64url');
    await this.db.query(`DELETE FROM sys_ids_state WHERE expires_at < now()`);
    await this.db.query(
      `INSERT INTO sys_ids_state (state_hash, protocol, redirect, code_verifier, nonce, expires_at) VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [sha256(state), signIn.protocol, signIn.redirect, signIn.codeVerifier, signIn.nonce, ttlSeconds],
    );
    return state;
  }

  /** Where a live sign-in comes back to, without taking it (the provider's redirect is forwarded to the landing page). */
  async redirectOf(state: string): Promise<string | null> {
    const rows: { redirect: string }[] = await this.db.query(`SELECT redirect FROM sys_ids_state WHERE state_hash = $1 AND expires_at > now()`, [sha256(state)]);
    return rows[0]?.redirect ?? null;
  }

  /** Takes a live sign-in: once only, whoever asks (two concurrent checks of one state: one gets it). */
  async take(state: string): Promise<StartedSignIn | null> {
    const rows: [{ protocol: 'cas' | 'oidc'; redirect: string; code_verifier: string | null; nonce: string | null; live: boolean }[], number] = await this.db.query(
      `DELETE FROM sys_ids_state WHERE state_hash = $1 RETURNING protocol, redirect, code_verifier, nonce, expires_at > now() AS live`,
      [sha256(state)],
    );
    const row = rows[0]?.[0];
    return row && row.live ? { protocol: row.protocol, redirect: row.redirect, codeVerifier: row.code_verifier, nonce: row.nonce } : null;
  }

  /** Links the session of a token to what the provider said of it. */
  async remember(token: string, link: { protocol: 'cas' | 'oidc'; ticket?: string; idToken?: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO sys_ids_session (session_id, protocol, ticket_hash, id_token) SELECT id, $2, $3, $4 FROM sys_session WHERE token_hash = $1`,
      [tokenHash(token), link.protocol, link.ticket ? sha256(link.ticket) : null, link.idToken ?? null],
    );
  }

  /** The live sessions made from a CAS service ticket (one, unless a ticket was honoured twice). */
  async sessionsOfTicket(ticket: string): Promise<{ sessionId: string; userId: string; account: string }[]> {
    return this.db.query(
      `SELECT s.id AS "sessionId", s.user_id AS "userId", u.account
         FROM sys_ids_session i JOIN sys_session s ON s.id = i.session_id JOIN sys_user u ON u.id = s.user_id
        WHERE i.ticket_hash = $1 AND s.revoked_at IS NULL`,
      [sha256(ticket)],
    );
  }

  /** The ID token a session was made with (its end-session hint), whether the session is still live or not. */
  async idTokenOf(token: string): Promise<string | null> {
    const rows: { id_token: string | null }[] = await this.db.query(
      `SELECT i.id_token FROM sys_ids_session i JOIN sys_session s ON s.id = i.session_id WHERE s.token_hash = $1`,
      [tokenHash(token)],
    );
    return rows[0]?.id_token ?? null;
  }

  /** The account the provider's value names, by the configured identifier. */
  async accountBy(attribute: IdsAccountAttribute, value: string): Promise<(MatchedAccount & { created?: boolean }) | null> {
    const rows: MatchedAccount[] = await this.db.query(ACCOUNT_LOOKUP[attribute], [value]);
    return rows[0] ?? null;
  }

  /**
   * A just-in-time account of type "other", no role, no password. A concurrent first sign-in of the same person
   * creates it once (the other finds it).
   */
  async createAccount(account: string, name: string): Promise<(MatchedAccount & { created: boolean }) | null> {
    if (account.length > 50) return null;
    const rows: MatchedAccount[] = await this.db.query(
      `INSERT INTO sys_user (account, name, user_type, password_hash) VALUES ($1, $2, '4', NULL) ON CONFLICT (account) DO NOTHING RETURNING id, account, enabled`,
      [account, name],
    );
    const created = rows[0];
    if (created) return { ...created, created: true };
    const found = await this.accountBy('account', account);
    return found ? { ...found, created: false } : null;
  }
}
