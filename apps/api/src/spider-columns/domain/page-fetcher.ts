import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AddressAllowList, mayConnect } from './address-guard.js';
import { decodePage } from './page-extraction.js';

/** Why a page could not be read: a message key of `publishing.columns.fetch.*` with its parameters. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: 'urlInvalid' | 'internalAddress' | 'unresolvable' | 'unreachable' | 'timeout' | 'tooLarge' | 'notHtml' | 'httpStatus' | 'tooManyRedirects',
    readonly params: Record<string, unknown> = {},
  ) {
    super(reason);
  }

  get key(): string {
    return `publishing.columns.fetch.${this.reason}`;
  }
}

export interface FetchedPage {
  /** The address finally read (after redirects). */
  url: string;
  text: string;
  charset: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = /^\s*(text\/html|application\/xhtml\+xml)\b/i;
const USER_AGENT = 'SchoolFlow-ColumnCollector/1.0';

/**
 * Fetching a column's page, safely (docs/adr/0067-spider-columns.md#fetching): http(s) only; every address the host
 * resolves to must be outside the school's and this machine's networks (address-guard.ts) unless allowed by
 * SPIDER_ALLOWED_HOSTS — checked before the request and again by the connection's own lookup, so a name that
 * resolves otherwise the second time is refused too; at most 3 redirects, each checked the same way; one deadline for
 * all of it (SPIDER_FETCH_TIMEOUT_MS); at most SPIDER_MAX_BYTES read; HTML only; decoded by its charset.
 */
@Injectable()
export class PageFetcher {
  private readonly allow: AddressAllowList;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {
    this.allow = AddressAllowList.parse(config.spiderAllowedHosts.join(','));
  }

  async fetch(address: string): Promise<FetchedPage> {
    const signal = AbortSignal.timeout(this.config.spiderFetchTimeoutMs);
    let url = this.parse(address);
    for (let hop = 0; ; hop++) {
      await this.check(url);
      const res = await this.get(url, signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.resume();
        if (hop >= 3) throw new FetchRefused('tooManyRedirects');
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new FetchRefused('urlInvalid', { url: location.slice(0, 200) });
        }
        url = this.parse(next.href);
        continue;
      }
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        res.resume();
        throw new FetchRefused('httpStatus', { status });
      }
      const type = res.headers['content-type'] ?? '';
      if (!HTML_TYPES.test(type)) {
        res.resume();
        throw new FetchRefused('notHtml', { type: type.split(';')[0]?.trim() || '?' });
      }
      const bytes = await this.body(res, signal);
      const { text, charset } = decodePage(bytes, type);
      return { url: url.href, text, charset };
    }
  }

  private parse(address: string): URL {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new FetchRefused('urlInvalid', { url: address.slice(0, 200) });
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw new FetchRefused('urlInvalid', { url: address.slice(0, 200) });
    return url;
  }

  private hostOf(url: URL): string {
    return url.hostname.replace(/^\[|\]$/g, '');
  }

  /** Every address of the host may be reached, or the page is refused before any connection. */
  private async check(url: URL): Promise<void> {
    const host = this.hostOf(url);
    const addresses = isIP(host) ? [host] : await this.resolve(host);
    const internal = addresses.find((a) => !mayConnect(a, this.allow));
    if (internal) throw new FetchRefused('internalAddress', { host, address: internal });
  }

  private resolve(host: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      dnsLookup(host, { all: true }, (err, addresses: LookupAddress[]) => {
        if (err || addresses.length === 0) reject(new FetchRefused('unresolvable', { host }));
        else resolve(addresses.map((a) => a.address));
      });
    });
  }

  /** The connection's own lookup: the addresses checked again as they are connected to. */
  private readonly guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const internal = addresses.find((a) => !mayConnect(a.address, this.allow));
      if (internal || addresses.length === 0) return callback(new FetchRefused('internalAddress', { host: hostname, address: internal?.address ?? '' }) as NodeJS.ErrnoException, '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };

  private get(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, { method: 'GET', signal, lookup: this.guardedLookup, headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml' } }, resolve);
      req.on('error', (err) => reject(this.failure(err, signal)));
      req.end();
    });
  }

  private body(res: IncomingMessage, signal: AbortSignal): Promise<Uint8Array> {
    const max = this.config.spiderMaxBytes;
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > max) {
      res.destroy();
      return Promise.reject(new FetchRefused('tooLarge', { mb: Math.round((max / 1024 / 1024) * 10) / 10 }));
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // the first outcome stands: destroying the answer past the cap is followed by its own error and abort
      let settled = false;
      const fail = (err: FetchRefused) => {
        if (!settled) reject(err);
        settled = true;
      };
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > max) {
          fail(new FetchRefused('tooLarge', { mb: Math.round((max / 1024 / 1024) * 10) / 10 }));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        if (!settled) resolve(Buffer.concat(chunks));
        settled = true;
      });
      res.on('error', (err) => fail(this.failure(err, signal)));
      res.on('aborted', () => fail(this.failure(new Error('aborted'), signal)));
    });
  }

  private failure(err: unknown, signal: AbortSignal): FetchRefused {
    if (err instanceof FetchRefused) return err;
    if (signal.aborted) return new FetchRefused('timeout', { seconds: Math.round(this.config.spiderFetchTimeoutMs / 100) / 10 });
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof FetchRefused) return cause;
    return new FetchRefused('unreachable', { reason: (err as { code?: string }).code ?? 'error' });
  }
}
