/**
 * The token the server issued to this device (docs/adr/0042-online-consultation.md#visitors-are-devices-known-by-a-token-digest), kept in localStorage so a
 * visitor returning on the same device resumes their conversation. Clearing it starts afresh — the server keeps only
 * its digest, so nobody else can resume it.
 */
const KEY = 'schoolflow.consultVisitor';

export const visitorToken = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null; // storage off: this page's life only
    }
  },
  set(token: string): void {
    try {
      localStorage.setItem(KEY, token);
    } catch {
      // private mode: the conversation works until the page closes
    }
  },
};
