import { formatSchoolTime, type Language, type MessageRow } from '@schoolflow/contracts';
import { translate } from '../../infrastructure/i18n/i18n.js';

export interface StoredMessage {
  id: string;
  type: string;
  title_key: string;
  content_key: string;
  params: Record<string, unknown>;
  link: string | null;
  status: '0' | '1';
  created_at: Date;
  /** A written message's copy: its letter (issue 26). */
  letter_id?: string | null;
}

/**
 * Messages are stored as i18n keys and parameters and rendered when read, in the reader's language:
 * a parameter `xKey` is translated into `x`, `{zh, en}` gives the reader's language, and `{time: iso}` becomes a
 * school-time string.
 */
export function renderParams(params: Record<string, unknown>, lang: Language, timeZone: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k.endsWith('Key') && typeof v === 'string') out[k.slice(0, -3)] = translate(lang, v);
    else if (isLocalised(v)) out[k] = v[lang] || v.zh;
    else if (v && typeof v === 'object' && 'time' in v && typeof (v as { time: unknown }).time === 'string') {
      const t = Date.parse((v as { time: string }).time);
      out[k] = Number.isNaN(t) ? '' : formatSchoolTime(t, timeZone);
    } else out[k] = v;
  }
  return out;
}

/** A parameter given in both languages (e.g. a class name), shown in the reader's. */
function isLocalised(v: unknown): v is { zh: string; en: string } {
  return typeof v === 'object' && v !== null && typeof (v as { zh?: unknown }).zh === 'string' && typeof (v as { en?: unknown }).en === 'string';
}

export function renderMessage(m: StoredMessage, lang: Language, timeZone: string): MessageRow {
  const params = renderParams(m.params, lang, timeZone);
  return {
    MESSAGE_ID: m.id,
    MESSAGE_TYPE: m.type,
    MESSAGE_TITLE: translate(lang, m.title_key, params),
    MESSAGE_CONTENT: translate(lang, m.content_key, params),
    MESSAGE_LINK: m.link,
    MESSAGE_STATUS: m.status,
    CREATE_TIME: formatSchoolTime(m.created_at.getTime(), timeZone),
    ...(m.letter_id ? { LETTER_ID: m.letter_id } : {}),
  };
}
