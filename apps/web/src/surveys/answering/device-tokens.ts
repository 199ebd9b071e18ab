/**
 * The device tokens the server issued with public papers, kept in localStorage by questionnaire (docs/adr/0038): sent
 * back as X-Survey-Device with the paper and the answer. Clearing them makes a new device to the server — which is why
 * "once" also counts per address there; this is a convenience, not the guard.
 */
const KEY = 'schoolflow.surveyDevices';
/** At most this many kept; the oldest go first (a phone answers a few questionnaires a term, not thousands). */
const MAX = 200;

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {}; // storage off or corrupt: no token, the server issues one
  }
}

export const deviceTokens = {
  get(surveyId: string): string | undefined {
    const v = read()[surveyId];
    return typeof v === 'string' ? v : undefined;
  },
  set(surveyId: string, token: string): void {
    const all = read();
    delete all[surveyId];
    all[surveyId] = token;
    const entries = Object.entries(all).slice(-MAX);
    try {
      localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
    } catch {
      // private mode or full: the answer still works for this page's life (the paper holds the token too)
    }
  },
};
