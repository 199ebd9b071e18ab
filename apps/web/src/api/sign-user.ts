/**
 * The user a request-encryption sign names (docs/adr/0036-request-encryption.md), bound to the token it was learnt
 * with: the sign-in answers it, and the permission read for a session that started elsewhere. Kept apart from the
 * encryption code, which is loaded only when encryption is on (docs/adr/0033-sign-in-page-weight.md).
 */
let signUser: { token: string; userId: string } | null = null;

export function rememberSignUser(token: string | null, userId: string | undefined): void {
  if (token && userId) signUser = { token, userId };
}

/** The user to name for a call made with `token` ('' without a token, or while it is not known yet). */
export function signUserFor(token: string | null): string {
  return token && signUser?.token === token ? signUser.userId : '';
}
