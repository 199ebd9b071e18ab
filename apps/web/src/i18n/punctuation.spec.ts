import { beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resources } from '@schoolflow/contracts';
import { i18n, i18nReady, loadMessages } from './i18n.js';
import { clausesOf, labelled, listOf, withNote } from './punctuation.js';

// Chinese punctuation once showed on English pages: written into the web's code (「：」「（）」「、」「；」 around
// translated words) rather than the locales. The English messages have none, and the code puts none in a string.
const MARKS = /[，。：；（）、]/;
const ROOT = resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

function strings(tree: unknown, path: string[] = []): [string, string][] {
  if (typeof tree === 'string') return [[path.join('.'), tree]];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([k, v]) => strings(v, [...path, k]));
}

beforeAll(async () => {
  await i18nReady;
  await loadMessages(['zh', 'en']);
});

describe('punctuation by language', () => {
  it('joins words as the shown language punctuates them', async () => {
    await i18n.changeLanguage('en');
    expect([labelled('Place', 'Hall'), withNote('Zhang San', '202511001'), listOf(['A', 'B']), clausesOf(['a', 'b'])]).toEqual(['Place: Hall', 'Zhang San (202511001)', 'A, B', 'a; b']);
    await i18n.changeLanguage('zh');
    expect([labelled('地点', '礼堂'), withNote('张三', '202511001'), listOf(['甲', '乙']), clausesOf(['甲', '乙'])]).toEqual(['地点：礼堂', '张三（202511001）', '甲、乙', '甲；乙']);
  });

  it('the English messages carry no Chinese punctuation', () => {
    expect(strings(resources.en).filter(([, text]) => MARKS.test(text))).toEqual([]);
  });

  it("the web's code puts no Chinese punctuation in a string of its own (comments aside)", () => {
    const literal = /(['"`])(?:(?!\1)[^\\]|\\.)*[，。：；（）、](?:(?!\1)[^\\]|\\.)*\1/;
    const found = files(ROOT).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [i + 1, line.replace(/\/\/.*$/, '')] as const)
        .filter(([, line]) => !/^\s*(\*|\/\*)/.test(line) && literal.test(line))
        .map(([n, line]) => `${file.slice(ROOT.length + 1)}:${n}: ${line.trim().slice(0, 120)}`),
    );
    expect(found).toEqual([]);
  });
});
