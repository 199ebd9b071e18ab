import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Response } from 'express';
import { IDS_LANDING_PATH } from '@schoolflow/contracts';
import { Public } from '../../../infrastructure/http/request-context.js';
import { IdsStore } from '../../domain/ids/ids.store.js';

/** The provider's answer fields the landing page needs; nothing else is passed on. */
const FORWARDED = ['state', 'code', 'iss', 'error'] as const;

function first(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.length <= 4096 ? v : undefined;
}

/**
 * Where the provider sends the browser back (one address to register with it, for both protocols): the answer is
 * passed on to the web app's landing page — a CAS `ticket` as `code` — with the path the sign-in started from. The
 * landing page posts it to the check; nothing is decided here.
 */
@Controller()
export class IdsCallbackController {
  constructor(private readonly store: IdsStore) {}

  @Public()
  @Get('anon/api/auth/callback')
  // a browser redirect, not an API answer
  @ApiExcludeEndpoint()
  async forward(@Query() query: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const answer: Record<string, string | undefined> = {};
    for (const field of FORWARDED) answer[field] = first(query[field]);
    answer.code ??= first(query.ticket);
    const state = answer.state;
    const redirect = state && /^[A-Za-z0-9_-]{1,200}$/.test(state) ? await this.store.redirectOf(state) : null;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(answer)) if (value !== undefined) params.set(key, value);
    if (redirect) params.set('redirect', redirect);
    res.setHeader('Cache-Control', 'no-store');
    // the code must not leak to another site through the landing page's Referer
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, `${IDS_LANDING_PATH}?${params.toString()}`);
  }
}
