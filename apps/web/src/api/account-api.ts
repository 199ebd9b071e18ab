import { ApiPath, type IdsCheckInput, type IdsStartResult, type LoginInput, type LoginResult, type PwdStrategy, type SessionView, type UpdatePwdInput } from '@schoolflow/contracts';
import { rememberSignUser, request, requestData } from './http.js';

/** The signed-in user's own account: signing in, their sessions (signed-in devices). */
export const accountApi = {
  /** Signs in with an account and its password (docs/product/shell-and-sign-in.md#sign-in); a refusal is not a lapsed session. */
  async login(input: LoginInput): Promise<LoginResult> {
    const result = await requestData<LoginResult>(ApiPath.login, { form: { username: input.username, password: input.password }, silentExpiry: true });
    // Under request encryption every later sign names this user (docs/adr/0036-request-encryption.md).
    rememberSignUser(result.token, result.userId);
    return result;
  },
  /** Single sign-on: where to go to sign in at the identity provider, coming back to `redirect` (a path of this site). */
  idsStart(redirect: string): Promise<IdsStartResult> {
    return requestData<IdsStartResult>(ApiPath.idsStart, { method: 'GET', query: { redirect }, silentExpiry: true });
  },
  /** Single sign-on: the provider's answer (code or ticket, state) exchanged for a session, as the sign-in answers. */
  async idsCheck(input: IdsCheckInput): Promise<LoginResult> {
    const result = await requestData<LoginResult>(ApiPath.idsCheck, { json: input, silentExpiry: true });
    // as after a password sign-in: later signs under request encryption name this user (docs/adr/0036-request-encryption.md)
    rememberSignUser(result.token, result.userId);
    return result;
  },
  /** The school's password rule and its description (in the request's language). */
  pwdStrategy(signal?: AbortSignal): Promise<PwdStrategy> {
    return requestData<PwdStrategy>(ApiPath.getPwdStrategy, { method: 'POST', signal });
  },
  /** Changes a password (the legacy wire: digests, not the password itself); answers the server's message. */
  async updatePwd(input: UpdatePwdInput): Promise<string> {
    return (await request<unknown>(ApiPath.updatePwd, { form: { ...input } })).msg;
  },
  async mySessions(signal?: AbortSignal): Promise<SessionView[]> {
    const list = await requestData<SessionView[]>(ApiPath.mySessions, { signal });
    return Array.isArray(list) ? list : [];
  },
  /** Ends every session but this one; answers the server's message. */
  async endOtherSessions(): Promise<string> {
    return (await request<unknown>(ApiPath.endMyOtherSessions, { method: 'POST' })).msg;
  },
};
