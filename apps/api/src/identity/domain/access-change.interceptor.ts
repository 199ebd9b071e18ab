import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { finalize, type Observable } from 'rxjs';
import type { AppRequest } from '../../infrastructure/http/request-context.js';
import { SessionService } from './session.service.js';

/**
 * On controllers whose writes change who may do what (users, roles, menus, grants): after any write request,
 * this instance forgets its cached sessions and grants at once, so the very next request sees the change. Other
 * instances hear it from the database triggers (docs/adr/0010).
 */
@Injectable()
export class AccessChangeInterceptor implements NestInterceptor {
  constructor(private readonly sessions: SessionService) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<AppRequest>();
    if (req.method === 'GET' || req.method === 'HEAD') return next.handle();
    return next.handle().pipe(finalize(() => this.sessions.invalidate('all')));
  }
}
