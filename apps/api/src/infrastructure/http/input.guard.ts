import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { UNSTORABLE_TEXT as UNSTORABLE } from '@schoolflow/contracts';
import { InfrastructureErrors } from '../infrastructure.errors.js';

// Text no handler can store: NUL (PostgreSQL's text refuses it: "invalid byte sequence for encoding UTF8: 0x00") and a
// UTF-16 surrogate without its pair (not a character; jsonb refuses its escape). Both reached the database from
// request bodies and answered 500 (hardening, finding 6).

/** Deeper than any form: a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;

/** Thrown for input nested deeper than any form (a body of 200 nested objects). */
class TooDeep extends Error {}

/** The path of the first value (or key) holding unstorable text, `''` for the top, or null when there is none. */
export function unstorableAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) throw new TooDeep(path);
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = unstorableAt(child, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export const CHECKS_OWN_INPUT = 'schoolflow:checks-own-input';
/**
 * The route refuses unstorable text itself (sign-in: a refused attempt must still be logged and counted). Only for
 * handlers whose schema refuses it too.
 */
export const ChecksOwnInput = (): MethodDecorator => SetMetadata(CHECKS_OWN_INPUT, true);

/**
 * Validates at the edge, for every route, what no schema should have to remember: the body, the query and the path
 * parameters hold no unstorable text. The last global guard: after authentication and permission (AuthGuard), before a
 * route's own guards and the handler; answers 400 `validation.invalidCharacters` naming the field.
 *
 * A guard, not an interceptor: any global interceptor makes Nest run every request through an RxJS pipeline, which
 * cost a workflow command ~45 µs of the server's ~0.5 ms (docs/benchmarks.md#benchworkflow).
 */
@Injectable()
export class InputGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() === 'http' && !this.reflector.get<boolean>(CHECKS_OWN_INPUT, ctx.getHandler())) {
      const req = ctx.switchToHttp().getRequest<Request>();
      for (const part of [req.params, req.query, req.body as unknown]) {
        let field: string | null;
        try {
          field = unstorableAt(part);
        } catch (err) {
          if (err instanceof TooDeep) throw InfrastructureErrors.tooDeep();
          throw err;
        }
        if (field !== null) throw InfrastructureErrors.invalidCharacters(field);
      }
    }
    return true;
  }
}
