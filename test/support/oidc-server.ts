import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * An OpenID provider for the tests: the certified `oidc-provider` package, with a sign-in page of its own (account and
 * password checked against `users`), authorization code with PKCE required, RP-initiated logout (its confirmation
 * submitted at once) and consent taken as given for the one client — what a school's own provider does for its own
 * platform. Signed with a key made at start.
 */
export interface OidcUser {
  password: string;
  name: string;
}

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function loginPage(res: ServerResponse, uid: string, error = ''): void {
  res.writeHead(error ? 401 : 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`<!doctype html><html><head><title>OpenID sign-in</title></head><body>
    <h1>School identity</h1>${error ? `<p id="op-error">${escapeHtml(error)}</p>` : ''}
    <form id="op-login" method="post" action="/interaction/${escapeHtml(uid)}/login">
      <label>Account <input id="op-username" name="username" autocomplete="username"></label>
      <label>Password <input id="op-password" name="password" type="password"></label>
      <button id="op-submit" type="submit">Sign in</button>
    </form></body></html>`);
}

export async function startOidcServer(users: Record<string, OidcUser>, client: { redirectUri: string; postLogoutRedirectUri: string }): Promise<OidcServer> {
  // made once the port is known (the issuer is this server's address); until then nothing is answered
  const op: { provider?: Provider } = {};
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://op.local');
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    const provider = op.provider;
    if (!provider) {
      res.writeHead(503);
      res.end();
      return;
    }
    if (!match) {
      void provider.callback()(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name !== 'login') {
        // consent is granted by loadExistingGrant below; any other prompt is not expected here
        await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
        return;
      }
      if (!match[2]) return loginPage(res, details.uid);
      const form = await readBody(req);
      const username = form.get('username') ?? '';
      if (users[username]?.password !== form.get('password')) return loginPage(res, details.uid, 'Wrong account or password');
      await provider.interactionFinished(req, res, { login: { accountId: username } }, { mergeWithLastSubmission: false });
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'schoolflow';
  const clientSecret = 'test-client-secret-of-the-platform';
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...jwk, kid: 'test-key', alg: 'RS256', use: 'sig' } as never] },
    cookies: { keys: ['cookie-key-of-the-test-provider'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    findAccount: (_ctx, id) => {
      const user = users[id];
      return user ? { accountId: id, claims: () => ({ sub: id, name: user.name, preferred_username: id }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The platform is the school's own client: its scopes are granted without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const oidc = ctx.oidc;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // the confirmation is submitted at once (the platform's sign-out already asked the user)
        logoutSource: (ctx, form) => {
          ctx.body = `<!doctype html><html><body>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>')}<script>document.forms[0].submit()</script></body></html>`;
        },
      },
    },
  };
  op.provider = new Provider(issuer, configuration);
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
