import { afterEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../config/app-config.js';

// LOGIN_TYPE=IDS reads and checks its settings at start: an incomplete set stops the start, naming what is missing.

const KEYS = ['LOGIN_TYPE', 'IDS_PROTOCOL', 'IDS_BASE_URL', 'IDS_LOGIN_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_SCOPES', 'IDS_ACCOUNT_ATTRIBUTE', 'IDS_USER_ATTRIBUTE', 'IDS_JIT_ACCOUNTS', 'PUBLIC_URL'];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function withEnv(env: Record<string, string>): void {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, env);
}

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const PUBLIC = { LOGIN_TYPE: 'IDS', PUBLIC_URL: 'https://school.example.org' };

describe('single sign-on configuration', () => {
  it('is off unless LOGIN_TYPE=IDS', () => {
    withEnv({ IDS_PROTOCOL: 'cas' });
    expect(loadConfig().ids).toBeNull();
  });

  it('reads CAS: the server base, the identifier (account by default), JIT off', () => {
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'cas', IDS_BASE_URL: 'https://ids.school.example.org/authserver/' });
    expect(loadConfig().ids).toEqual({
      protocol: 'cas',
      casBaseUrl: 'https://ids.school.example.org/authserver',
      publicUrl: 'https://school.example.org',
      accountAttribute: 'account',
      userAttribute: null,
      jitAccounts: false,
      stateTtlSeconds: 600,
    });
  });

  it('reads the IDS_LOGIN_URL of before as the CAS server it names', () => {
    withEnv({ ...PUBLIC, IDS_LOGIN_URL: 'https://ids.school.example.org/authserver/login?service=' });
    expect(loadConfig().ids).toMatchObject({ protocol: 'cas', casBaseUrl: 'https://ids.school.example.org/authserver' });
    withEnv({ ...PUBLIC, IDS_LOGIN_URL: 'https://portal.example.org/sso' });
    expect(() => loadConfig()).toThrow('IDS_LOGIN_URL is read as a CAS login address');
  });

  it('reads OIDC with its client and scopes', () => {
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'oidc', OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'schoolflow', OIDC_CLIENT_SECRET: 's3cret', IDS_ACCOUNT_ATTRIBUTE: 'student_no', IDS_USER_ATTRIBUTE: 'preferred_username' });
    expect(loadConfig().ids).toMatchObject({ protocol: 'oidc', issuer: 'https://id.example.org', clientId: 'schoolflow', clientSecret: 's3cret', scopes: 'openid profile', accountAttribute: 'student_no', userAttribute: 'preferred_username' });
  });

  it('stops the start on an incomplete or wrong set, saying what is missing', () => {
    withEnv({ ...PUBLIC });
    expect(() => loadConfig()).toThrow('LOGIN_TYPE=IDS needs IDS_PROTOCOL=cas or IDS_PROTOCOL=oidc');
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'cas' });
    expect(() => loadConfig()).toThrow('needs IDS_BASE_URL');
    withEnv({ LOGIN_TYPE: 'IDS', IDS_PROTOCOL: 'cas', IDS_BASE_URL: 'https://ids.example.org/cas' });
    expect(() => loadConfig()).toThrow('LOGIN_TYPE=IDS needs PUBLIC_URL');
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'oidc', OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_SECRET: 'x' });
    expect(() => loadConfig()).toThrow('needs OIDC_CLIENT_ID');
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'oidc', OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'x' });
    expect(() => loadConfig()).toThrow('needs OIDC_CLIENT_SECRET');
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'oidc', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' });
    expect(() => loadConfig()).toThrow('needs OIDC_ISSUER');
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'saml' });
    expect(() => loadConfig()).toThrow('IDS_PROTOCOL=cas or IDS_PROTOCOL=oidc');
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'cas', IDS_BASE_URL: 'https://ids.example.org/cas', IDS_ACCOUNT_ATTRIBUTE: 'email' });
    expect(() => loadConfig()).toThrow('IDS_ACCOUNT_ATTRIBUTE must be one of account, work_no, student_no');
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'cas', IDS_BASE_URL: 'https://ids.example.org/cas', IDS_ACCOUNT_ATTRIBUTE: 'student_no', IDS_JIT_ACCOUNTS: 'true' });
    expect(() => loadConfig()).toThrow('IDS_JIT_ACCOUNTS needs IDS_ACCOUNT_ATTRIBUTE=account');
  });

  it('accepts a provider over http on loopback only', () => {
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'cas', IDS_BASE_URL: 'http://127.0.0.1:8443/cas' });
    expect(loadConfig().ids).toMatchObject({ casBaseUrl: 'http://127.0.0.1:8443/cas' });
    withEnv({ ...PUBLIC, IDS_PROTOCOL: 'cas', IDS_BASE_URL: 'http://ids.example.org/cas' });
    expect(() => loadConfig()).toThrow('IDS_BASE_URL must be an https address (http only on loopback)');
  });
});
