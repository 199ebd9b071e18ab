import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Language } from '@schoolflow/contracts';
import type { Request } from 'express';
import type { IncomingMessage } from 'node:http';
import { languageOf } from '../i18n/i18n.js';

/** What the auth guard attaches to an authenticated request. */
export interface Principal {
  userId: string;
  account: string;
  name: string;
  userType: string;
  sessionId: string;
  roles: string[];
  permissions: ReadonlySet<string>;
}

export type AppRequest = Request & { principal?: Principal };

export const IS_PUBLIC = 'schoolflow:public';
/** The route needs no session. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

export const INITIAL_PASSWORD_OK = 'schoolflow:initial-password-ok';
/**
 * The route serves a session whose account still has its initial password (sign-out, the password change, what the
 * shell needs to show the change): every other route refuses it until the password is changed (docs/product/base-data.md#accounts-and-initial-passwords).
 */
export const InitialPasswordAllowed = (): MethodDecorator & ClassDecorator => SetMetadata(INITIAL_PASSWORD_OK, true);

export const REQUIRED_PERMISSIONS = 'schoolflow:permissions';
/** The route needs every one of these permission values (checked on the server, refusals logged). */
export const RequirePermissions = (...permissions: string[]): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_PERMISSIONS, permissions);

export const Lang = createParamDecorator((_: unknown, ctx: ExecutionContext): Language =>
  languageOf(ctx.switchToHttp().getRequest<Request>()),
);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<AppRequest>();
  if (!req.principal) throw new Error('CurrentUser used on a public route'); // programming error: guard runs first
  return req.principal;
});

export interface ClientInfo {
  ip: string;
  userAgent: string;
}
export const Client = createParamDecorator((_: unknown, ctx: ExecutionContext): ClientInfo => clientOf(ctx.switchToHttp().getRequest<Request>()));

/**
 * The client address of a request that is not Express's (a socket.io handshake), as Express reads it under
 * TRUST_PROXY = `hops`: the address the outermost trusted proxy saw — never an X-Forwarded-For entry the client wrote.
 */
export function socketAddress(req: IncomingMessage, hops: number): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const chain = [req.socket.remoteAddress ?? '', ...forwarded];
  return chain[Math.min(hops, chain.length - 1)] ?? '';
}

export function clientOf(req: Request): ClientInfo {
  return { ip: req.ip ?? req.socket.remoteAddress ?? '', userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) };
}
