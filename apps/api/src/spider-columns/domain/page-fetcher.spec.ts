import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ServerConfig } from '../../config/app-config.js';
import { FetchRefused, PageFetcher } from './page-fetcher.js';

// The fetcher against a page server of this process on 127.0.0.1 (docs/adr/0067-spider-columns.md#fetching): the
// limits that the e2e file does not reach — the size cap, the deadline — and names refused by what they resolve to.
let server: Server;
let site = '';
const fetcher = (o: Partial<ServerConfig> = {}) => new PageFetcher({ spiderAllowedHosts: ['127.0.0.1'], spiderFetchTimeoutMs: 1000, spiderMaxBytes: 10_000, ...o } as ServerConfig);
const refusal = async (p: Promise<unknown>): Promise<[string, Record<string, unknown>]> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof FetchRefused) return [err.reason, err.params];
    throw err;
  }
  throw new Error('not refused');
};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/big') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>' + 'x'.repeat(20_000) + '</p>');
    if (req.url === '/slow') return; // never answers
    if (req.url === '/gone') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>no</p>');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>好</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetching a column page', () => {
  it('reads an allowed page, decoded', async () => {
    await expect(fetcher().fetch(`${site}/`)).resolves.toEqual({ url: `${site}/`, text: '<p>好</p>', charset: 'utf-8' });
  });

  it('stops at the size cap, the deadline and an error status', async () => {
    expect(await refusal(fetcher().fetch(`${site}/big`))).toEqual(['tooLarge', { mb: 0 }]);
    expect((await refusal(fetcher({ spiderFetchTimeoutMs: 500 }).fetch(`${site}/slow`)))[0]).toBe('timeout');
    expect(await refusal(fetcher().fetch(`${site}/gone`))).toEqual(['httpStatus', { status: 404 }]);
  });

  it('refuses this machine without the allow-list, by address and by a name resolving to it, before connecting', async () => {
    expect(await refusal(fetcher({ spiderAllowedHosts: [] }).fetch(`${site}/`))).toEqual(['internalAddress', { host: '127.0.0.1', address: '127.0.0.1' }]);
    expect((await refusal(fetcher({ spiderAllowedHosts: [] }).fetch(`http://localhost:${new URL(site).port}/`)))[0]).toBe('internalAddress');
    expect((await refusal(fetcher().fetch('http://[::ffff:a9fe:a9fe]/latest/')))[0]).toBe('internalAddress');
  });

  it('refuses other schemes and credentials in the address', async () => {
    expect((await refusal(fetcher().fetch('file:///etc/passwd')))[0]).toBe('urlInvalid');
    expect((await refusal(fetcher().fetch(`http://user:pw@127.0.0.1:1/`)))[0]).toBe('urlInvalid');
  });
});
