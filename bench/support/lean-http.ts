import http from 'node:http';
import type { Envelope, WorkflowCommandResult } from '@schoolflow/contracts';
import { randomIp } from '../../test/support/api.js';

/**
 * The bench's own HTTP client for the measured commands: node:http over one keep-alive connection per simulated
 * user agent. The bench client shares the machine's 2 cores with the server and PostgreSQL, and `fetch` (undici's
 * WHATWG layer) cost ~0.45 ms of CPU per command there, a sixth of the whole budget; this costs a fraction, so the
 * measurement is of the server, not of the load generator. Same requests, headers and bodies as the tests' `call`.
 */
export class LeanClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string) {
    const u = new URL(baseUrl);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  post<T>(path: string, token: string, json: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope<T> }> {
    const payload = JSON.stringify(json);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          path: `/server${path}`,
          method: 'POST',
          agent: this.agent,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'X-Access-Token': token, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope<T> });
            } catch {
              reject(new Error(`not an envelope (${res.statusCode ?? 0}): ${text.slice(0, 300)}`));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  submit(flow: string, token: string, form: unknown): Promise<{ status: number; body: Envelope<WorkflowCommandResult> }> {
    return this.post(`/api/workflows/${flow}`, token, form);
  }

  act(flow: string, token: string, id: string, body: unknown, ifMatch: number): Promise<{ status: number; body: Envelope<WorkflowCommandResult> }> {
    return this.post(`/api/workflows/${flow}/${id}/events`, token, body, { 'If-Match': String(ifMatch) });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * POSTs of many simulated users on one shared keep-alive pool (a rush: electives' selections, the bell's re-reads),
 * each with an address of its own; the raw answer, for the caller to read what it needs.
 */
export function poster(baseUrl: string): (path: string, token: string, json: unknown) => Promise<{ status: number; text: string }> {
  const u = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  return (path, token, json) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(json);
      const req = http.request(
        { host: u.hostname, port: Number(u.port), path: `/server${path}`, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'X-Access-Token': token, 'X-Forwarded-For': randomIp() } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}
