import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CAS server for the tests, speaking the CAS 3 protocol's documented requests and answers (apereo.github.io/cas,
 * "CAS Protocol 3.0 Specification"): `/login` (a sign-in form; with a live single sign-on session it issues a ticket
 * without asking), `/p3/serviceValidate` (XML success with the user and attributes, or failure with its code),
 * `/logout` (ends the single sign-on session, posts the SAML LogoutRequest of each ticket it issued in it to that
 * ticket's service — the back-channel single logout — and returns to `service`). Service tickets are single-use and
 * expire after `ticketTtlMs`, bound to the service they were issued for.
 */
export interface CasUser {
  password: string;
  attributes?: Record<string, string[]>;
}

export interface CasServer {
  url: string;
  /** Issues a ticket as `/login` would for a signed-in user (a test that needs one without a browser). */
  issueTicket(user: string, service: string): string;
  /** The back-channel logout requests sent so far, with the answer status each got. */
  logoutsSent: { service: string; ticket: string; status: number }[];
  /** Every serviceValidate call it answered, with its outcome. */
  validations: { ticket: string; service: string; outcome: string }[];
  close(): Promise<void>;
}

interface Ticket {
  user: string;
  service: string;
  expires: number;
  sso: string | null;
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeHtml = escapeXml;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function cookieOf(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

function withTicket(service: string, ticket: string): string {
  return `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
}

export async function startCasServer(users: Record<string, CasUser>, options: { ticketTtlMs?: number } = {}): Promise<CasServer> {
  const ticketTtlMs = options.ticketTtlMs ?? 10_000;
  const tickets = new Map<string, Ticket>();
  /** Single sign-on sessions (the CASTGC cookie): the user and the tickets issued in it. */
  const sessions = new Map<string, { user: string; issued: { ticket: string; service: string }[] }>();
  const logoutsSent: CasServer['logoutsSent'] = [];
  const validations: CasServer['validations'] = [];

  const issue = (user: string, service: string, sso: string | null): string => {
    const ticket = `ST-${randomBytes(16).toString('hex')}-cas`;
    tickets.set(ticket, { user, service, expires: Date.now() + ticketTtlMs, sso });
    if (sso) sessions.get(sso)?.issued.push({ ticket, service });
    return ticket;
  };

  const loginForm = (res: ServerResponse, service: string, error = ''): void => {
    res.writeHead(error ? 401 : 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(`<!doctype html><html><head><title>CAS – 统一身份认证</title></head><body>
      <h1>统一身份认证 CAS</h1>${error ? `<p id="cas-error">${escapeHtml(error)}</p>` : ''}
      <form id="cas-login" method="post" action="/login">
        <input type="hidden" name="service" value="${escapeHtml(service)}">
        <label>Username <input id="username" name="username" autocomplete="username"></label>
        <label>Password <input id="password" name="password" type="password"></label>
        <button id="cas-submit" type="submit">Login</button>
      </form></body></html>`);
  };

  const validate = (url: URL, res: ServerResponse): void => {
    const ticket = url.searchParams.get('ticket') ?? '';
    const service = url.searchParams.get('service') ?? '';
    const answer = (outcome: string, xml: string): void => {
      validations.push({ ticket, service, outcome });
      res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
      res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${xml}</cas:serviceResponse>`);
    };
    const failure = (code: string, text: string): void => answer(code, `<cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>`);
    if (!ticket || !service) return failure('INVALID_REQUEST', 'ticket and service are required');
    const found = tickets.get(ticket);
    // single-use: a ticket is gone after its first validation, whatever the outcome
    tickets.delete(ticket);
    if (!found || found.expires < Date.now()) return failure('INVALID_TICKET', `Ticket ${ticket} not recognized`);
    if (found.service !== service) return failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`);
    const attributes = Object.entries(users[found.user]?.attributes ?? {})
      .flatMap(([name, values]) => values.map((v) => `<cas:${name}>${escapeXml(v)}</cas:${name}>`))
      .join('');
    answer('SUCCESS', `<cas:authenticationSuccess><cas:user>${escapeXml(found.user)}</cas:user><cas:attributes>${attributes}</cas:attributes></cas:authenticationSuccess>`);
  };

  const logout = async (req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> => {
    const sso = cookieOf(req, 'CASTGC');
    const session = sso ? sessions.get(sso) : undefined;
    if (sso) sessions.delete(sso);
    for (const { ticket, service } of session?.issued ?? []) {
      const logoutRequest = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-${randomBytes(8).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
      try {
        const answer = await fetch(service, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ logoutRequest }).toString() });
        logoutsSent.push({ service, ticket, status: answer.status });
      } catch {
        logoutsSent.push({ service, ticket, status: 0 });
      }
    }
    const service = url.searchParams.get('service');
    const cookie = 'CASTGC=; Path=/; HttpOnly; Max-Age=0';
    if (service) {
      res.writeHead(302, { Location: service, 'Set-Cookie': cookie });
      res.end();
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': cookie });
      res.end('<p id="cas-logged-out">Logout successful</p>');
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://cas.local');
      if (url.pathname === '/p3/serviceValidate' && req.method === 'GET') return validate(url, res);
      if (url.pathname === '/logout') return logout(req, url, res);
      if (url.pathname === '/login' && req.method === 'GET') {
        const service = url.searchParams.get('service') ?? '';
        const sso = cookieOf(req, 'CASTGC');
        const session = sso ? sessions.get(sso) : undefined;
        // single sign-on: a live session is not asked again
        if (session && service) {
          res.writeHead(302, { Location: withTicket(service, issue(session.user, service, sso)) });
          return res.end();
        }
        return loginForm(res, service);
      }
      if (url.pathname === '/login' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const username = form.get('username') ?? '';
        const service = form.get('service') ?? '';
        const user = users[username];
        if (!user || user.password !== form.get('password')) return loginForm(res, service, 'Invalid credentials.');
        const sso = randomBytes(16).toString('hex');
        sessions.set(sso, { user: username, issued: [] });
        const cookie = `CASTGC=${sso}; Path=/; HttpOnly`;
        if (!service) {
          res.writeHead(200, { 'Content-Type': 'text/html', 'Set-Cookie': cookie });
          return res.end('<p>Logged in</p>');
        }
        res.writeHead(302, { Location: withTicket(service, issue(username, service, sso)), 'Set-Cookie': cookie });
        return res.end();
      }
      res.writeHead(404);
      res.end();
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    issueTicket: (user, service) => issue(user, service, null),
    logoutsSent,
    validations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
