import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ErrorCode, type Envelope } from '@schoolflow/contracts';
import type { Request, Response } from 'express';
import { AppException } from './app-exception.js';
import { languageOf, translate } from '../i18n/i18n.js';
import { logger } from '../logging/logger.js';
import { databaseOutage, isDatabaseUnavailable } from '../database/database-outage.js';

/** HTTP statuses the framework raises itself, mapped to an envelope code and message key. */
function fromHttpStatus(status: number): { code: number; key: string } {
  switch (status) {
    case 400:
      return { code: ErrorCode.BAD_REQUEST, key: 'badRequest' };
    case 401:
      return { code: ErrorCode.LOGIN_REQUIRED, key: 'loginRequired' };
    case 403:
      return { code: ErrorCode.FORBIDDEN, key: 'forbidden' };
    case 404:
    case 405:
      return { code: ErrorCode.NOT_FOUND, key: 'notFound' };
    case 413:
    case 415:
      return { code: ErrorCode.BAD_REQUEST, key: 'badRequest' };
    case 429:
      return { code: ErrorCode.TOO_MANY_REQUESTS, key: 'tooManyRequests' };
    default:
      return status >= 500 ? { code: ErrorCode.SERVER_ERROR, key: 'serverError' } : { code: status, key: 'badRequest' };
  }
}

/**
 * Every error leaves as the envelope `{code, result:false, msg}` in the caller's language: never a stack trace,
 * never a framework page. Unknown errors are logged (without request bodies) and answered as a 500 envelope.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const lang = languageOf(req);
    let status: number;
    let code: number;
    let msg: string;

    if (exception instanceof AppException) {
      status = exception.status;
      code = exception.code;
      msg = translate(lang, exception.messageKey, exception.params ? inLanguage(exception.params, lang) : undefined);
    } else if (exception instanceof ThrottlerException) {
      status = 429;
      code = ErrorCode.TOO_MANY_REQUESTS;
      msg = translate(lang, 'tooManyRequests');
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      const mapped = fromHttpStatus(status);
      code = mapped.code;
      msg = translate(lang, mapped.key);
    } else if (isBodyParserError(exception)) {
      status = exception.status ?? 400;
      const mapped = fromHttpStatus(status);
      code = mapped.code;
      msg = translate(lang, mapped.key);
    } else if (isDatabaseUnavailable(exception)) {
      // The database is restarting or away: a clear 503, logged once per outage, not a 500 with a stack per request.
      status = 503;
      code = ErrorCode.UNAVAILABLE;
      msg = translate(lang, 'databaseUnavailable');
      databaseOutage.lost(exception);
    } else {
      status = 500;
      code = ErrorCode.SERVER_ERROR;
      msg = translate(lang, 'serverError');
      logger.error({ err: safeError(exception), path: req.path, method: req.method }, 'unhandled error');
    }
    if (res.headersSent) return;
    const body: Envelope = exception instanceof AppException && exception.data !== undefined ? { code, result: false, msg, data: exception.data } : { code, result: false, msg };
    res.status(status).json(body);
  }
}

/** A refusal's parameters in the caller's language: a name kept in both (`{zh, en}`: a class, a course) is read in theirs. */
function inLanguage(params: Record<string, unknown>, lang: 'zh' | 'en'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    const both = typeof v === 'object' && v !== null && typeof (v as { zh?: unknown }).zh === 'string' && typeof (v as { en?: unknown }).en === 'string';
    out[k] = both ? (v as { zh: string; en: string })[lang] || (v as { zh: string }).zh : v;
  }
  return out;
}

function isBodyParserError(e: unknown): e is { status?: number; type: string } {
  return typeof e === 'object' && e !== null && 'type' in e && typeof (e as { type: unknown }).type === 'string' &&
    ('status' in e || 'statusCode' in e);
}

/** What an operator needs from an unexpected error, without query parameters (they may hold user data). */
export function safeError(e: unknown): Record<string, unknown> {
  if (!(e instanceof Error)) return { value: String(e) };
  const code = (e as { code?: unknown }).code;
  return { name: e.name, message: e.message, ...(code ? { code } : {}), stack: e.stack };
}
