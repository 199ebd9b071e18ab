import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { resources } from '@schoolflow/contracts';
import { translate, translator } from './i18n.js';

// A separate instance set up like the server's, asked afresh every time: what translate answered before its caches.
const reference = i18next.createInstance();
void reference.init({
  resources,
  lng: 'zh',
  fallbackLng: 'zh',
  ns: ['server', 'validation', 'workflow', 'messages', 'excel'],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
});
const expected = (lang: 'zh' | 'en', key: string, params?: Record<string, unknown>): string =>
  reference.getFixedT(lang)(key.includes('.') ? key.replace('.', ':') : `server:${key}`, params ?? {});

/** Every leaf key of a namespace, as `a.b.c`. */
function leaves(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

const keys: string[] = [
  ...leaves(resources.zh.server),
  ...(['validation', 'workflow', 'messages', 'excel'] as const).flatMap((ns) => leaves(resources.zh[ns]).map((k) => `${ns}.${k}`)),
  // Unknown keys, an object-valued key, a plural base.
  'noSuchKey', 'messages.noSuch.key', 'messages.leaveType', 'workflow',
];

describe('translate', () => {
  it('answers what i18next answers, for every key in both languages, also from its cache', () => {
    for (let pass = 0; pass < 2; pass++) {
      for (const lang of ['zh', 'en'] as const) {
        for (const key of keys) expect([key, translate(lang, key)]).toEqual([key, expected(lang, key)]);
      }
    }
  });

  it('interpolates parameters like i18next', () => {
    const params = { student: 'Ann {{x}} $t(server:saveOk)', className: 'C1', leaveType: 'sick', start: 'a', end: 'b', days: 2, count: 3, actor: 'Bob', next: 'n' };
    for (const lang of ['zh', 'en'] as const) {
      for (const key of keys) expect([key, translate(lang, key, params)]).toEqual([key, expected(lang, key, params)]);
      for (const count of [0, 1, 2]) {
        expect(translate(lang, 'userSessionsEnded', { count })).toBe(expected(lang, 'userSessionsEnded', { count }));
        expect(translate(lang, 'importOk', { count })).toBe(expected(lang, 'importOk', { count }));
      }
      expect(translate(lang, 'saveOk', {})).toBe(translate(lang, 'saveOk'));
    }
  });

  it('interpolates without steering parameters (the compiled path) exactly like i18next, also with values missing or not text', () => {
    const sets: Record<string, unknown>[] = [
      { student: 'Ann {{x}} $t(server:saveOk)', className: 'C1', leaveType: 'sick', start: 'a', end: 'b', days: 2, actor: 'Bob', next: 'n', reason: '', name: '张三', n: 0, max: 4.5 },
      { student: 'Ann' },
      { student: { zh: 'x' }, days: Number.NaN, name: null, n: undefined, max: true },
    ];
    for (let pass = 0; pass < 2; pass++) {
      for (const params of sets) {
        for (const lang of ['zh', 'en'] as const) {
          for (const key of keys) expect([key, translate(lang, key, params)]).toEqual([key, expected(lang, key, params)]);
        }
      }
    }
  });

  it('gives a working fixed T per language', () => {
    expect(translator('en')('server:saveOk')).toBe(expected('en', 'saveOk'));
    expect(translator('zh')('server:saveOk')).toBe(expected('zh', 'saveOk'));
  });
});
