import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RoleCode } from '../permissions.js';
import { resources } from './index.js';

// Every message key the server, the contracts and the flows name as a literal exists in both languages — a key
// missing from the locales shows users the raw key (validation.sortInvalid once did).
const ROOT = resolve(import.meta.dirname, '../../../..');
const SOURCES = ['apps/api/src', 'libs/contracts/src', 'workflows'];
const NAMESPACES = ['validation', 'workflow', 'messages', 'server', 'excel', 'documents', 'grades', 'timetable', 'publishing'] as const;
const KEY = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z][A-Za-z0-9]*(?:\\.[A-Za-z][A-Za-z0-9]*)*)['"\`]`, 'g');

/** Names that look like keys but are not messages: settings, socket event names, a socket error code. */
const NOT_MESSAGES = new Set(['workflow.leave.principalThresholdDays', 'workflow.reminderDelayMinutes', 'workflow.transitioned', 'workflow.effected', 'server.unavailable', 'timetable.days']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'node_modules' ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });
}

function lookup(tree: unknown, path: string[]): unknown {
  let node = tree;
  for (const part of path) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

describe('locale keys named in code', () => {
  const used = new Map<string, string>();
  for (const dir of SOURCES) {
    for (const file of files(join(ROOT, dir))) {
      for (const m of readFileSync(file, 'utf8').matchAll(KEY)) if (m[1] && !NOT_MESSAGES.has(m[1])) used.set(m[1], file.slice(ROOT.length + 1));
    }
  }

  it('finds keys to check', () => {
    expect(used.size).toBeGreaterThan(50);
  });

  it.each(['zh', 'en'] as const)('all exist in %s (in their namespace, or as a web key of that name)', (lang) => {
    const missing = [...used].filter(([key]) => {
      const [ns = '', ...path] = key.split('.');
      const inNamespace = typeof lookup((resources[lang] as Record<string, unknown>)[ns], path) === 'string';
      const asWebKey = typeof lookup(resources[lang].web, key.split('.')) === 'string';
      // a prefix of keys (messages.step.X built from it) is an object, and counts
      const asPrefix = typeof lookup((resources[lang] as Record<string, unknown>)[ns], path) === 'object' || typeof lookup(resources[lang].web, key.split('.')) === 'object';
      return !inNamespace && !asWebKey && !asPrefix;
    });
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });
});

describe('role names', () => {
  // a role without a name is shown by its code (gradeleader, repairman, doctor once were, in the album form)
  it.each(['zh', 'en'] as const)('every role the product defines has a name in %s', (lang) => {
    const names: Record<string, string> = resources[lang].web.roleNames;
    expect(Object.values(RoleCode).filter((code) => !names[code])).toEqual([]);
  });
});
