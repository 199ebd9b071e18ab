import type { KnowledgeTextPart } from '@schoolflow/contracts';

/**
 * Full-text search over Chinese and English in plain PostgreSQL (docs/adr/0060-knowledge-base.md#search): no
 * segmenting extension (zhparser, pg_jieba) can be installed, so the application cuts the text into lexemes itself and
 * hands PostgreSQL a finished `tsvector` — which the default parser never sees, so neither the database's locale nor
 * the 'simple' configuration's rules change a lexeme.
 *
 * - Text is compared in one form: NFC, then each character's NFKC form in lower case (full-width ＡＢＣ１２ are abc12,
 *   upper case is lower case), so the stored lexemes, the query and the highlighting agree character by character.
 * - A run of CJK characters (Han, kana, hangul: written without spaces) gives every character (a unigram) and every
 *   pair of neighbours (a bigram) at the character's position: 请假流程 → 请 请假 假 假流 流 流程 程. A run of letters and
 *   digits of any other script is one lexeme (a word, at most 40 characters). Anything else — spaces, punctuation of
 *   either width, symbols — only separates.
 * - A query is cut the same way: a CJK run of two or more characters must appear as typed — its bigrams as a phrase,
 *   each following the one before (`请假 <-> 假流 <-> 流程`), which finds the word inside any sentence and nothing that
 *   merely holds its characters apart; one character alone is its unigram; a word matches as a prefix (`pass` finds
 *   `password`); terms separated by spaces or punctuation must all be found.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u3006\u30fc]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
/** A word longer than this is cut (a pasted hash or address); the query's word is cut the same way. */
export const WORD_MAX = 40;
/** PostgreSQL keeps positions up to 16383 and at most 256 of one lexeme. */
const POSITION_MAX = 16_383;
const POSITIONS_PER_LEXEME = 256;

export type Weight = 'A' | 'B' | 'C' | 'D';

export interface Segment {
  kind: 'cjk' | 'word';
  text: string;
}

/** One character in the compared form (it may become several: ﬁ → fi). */
function fold(ch: string): string {
  return ch.normalize('NFKC').toLowerCase();
}

/** The text in the compared form: NFC, then each character folded. */
export function normalise(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += fold(ch);
  return out;
}

function kindOf(ch: string): Segment['kind'] | null {
  if (CJK.test(ch)) return 'cjk';
  if (WORD.test(ch)) return 'word';
  return null;
}

/** The runs of CJK characters and of word characters, in order, in the compared form; separators dropped. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let open = false; // whether the last segment of `out` is still growing
  for (const ch of normalise(text)) {
    const kind = kindOf(ch);
    const last = out[out.length - 1];
    if (kind && open && last?.kind === kind) last.text += ch;
    else if (kind) out.push({ kind, text: ch });
    open = kind !== null;
  }
  return out.map((s) => (s.kind === 'word' ? { kind: s.kind, text: [...s.text].slice(0, WORD_MAX).join('') } : s));
}

export interface Posting {
  lexeme: string;
  position: number;
}

/** The lexemes of a text and their positions from `start`; `next` is the first position after it. */
export function postings(text: string, start = 1): { postings: Posting[]; next: number } {
  const out: Posting[] = [];
  let p = start;
  for (const s of segments(text)) {
    if (s.kind === 'word') {
      out.push({ lexeme: s.text, position: p });
      p += 1;
      continue;
    }
    const chars = [...s.text];
    chars.forEach((c, i) => {
      out.push({ lexeme: c, position: p + i });
      const next = chars[i + 1];
      if (next !== undefined) out.push({ lexeme: c + next, position: p + i });
    });
    p += chars.length;
  }
  return { postings: out, next: p };
}

/** A lexeme as tsvector and tsquery input write it: quoted, a quote doubled, a backslash escaped. */
function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The tsvector of some fields (a title weighted A, a body D…), as its text input: each lexeme once, with its
 * positions and their weight. Fields follow each other with a position between them, so a phrase never spans two.
 */
export function tsvectorText(fields: readonly { text: string; weight: Weight }[]): string {
  const lexemes = new Map<string, Map<number, Weight>>();
  let start = 1;
  for (const field of fields) {
    const { postings: list, next } = postings(field.text, start);
    for (const { lexeme, position } of list) {
      const at = Math.min(position, POSITION_MAX);
      let positions = lexemes.get(lexeme);
      if (!positions) lexemes.set(lexeme, (positions = new Map()));
      if (positions.size < POSITIONS_PER_LEXEME && !positions.has(at)) positions.set(at, field.weight);
    }
    start = next + 1;
  }
  return [...lexemes]
    .map(([lexeme, positions]) => `${quote(lexeme)}:${[...positions].map(([p, w]) => (w === 'D' ? String(p) : `${p}${w}`)).join(',')}`)
    .join(' ');
}

/** The bigrams of a CJK run, or its one character. */
function cjkTerm(run: string): string {
  const chars = [...run];
  if (chars.length === 1) return quote(run);
  const pairs = chars.slice(0, -1).map((c, i) => quote(c + (chars[i + 1] as string)));
  return `(${pairs.join(' <-> ')})`;
}

/**
 * The tsquery of what a reader typed, as its text input (cast with `::tsquery`, which takes lexemes as written), or
 * null when it holds nothing to search for (only spaces or punctuation).
 */
export function tsqueryText(q: string): string | null {
  const terms = segments(q).map((s) => (s.kind === 'cjk' ? cjkTerm(s.text) : [...s.text].length > 1 ? `${quote(s.text)}:*` : quote(s.text)));
  return terms.length > 0 ? [...new Set(terms)].join(' & ') : null;
}

/** The query's terms as the highlighting looks for them: its CJK runs and its words, in the compared form. */
export function queryTerms(q: string): Segment[] {
  const seen = new Set<string>();
  return segments(q).filter((s) => !seen.has(`${s.kind}:${s.text}`) && seen.add(`${s.kind}:${s.text}`));
}

/** Each compared-form code unit's source range in the original text (so a match is marked on what was written). */
function foldedWithMap(text: string): { folded: string; from: number[]; to: number[] } {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = fold(ch);
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    folded += f;
    i += ch.length;
  }
  return { folded, from, to };
}

/** The character that ends just before `i` (a surrogate pair whole), or '' at the start. */
function characterBefore(text: string, i: number): string {
  if (i <= 0) return '';
  const low = text.charCodeAt(i - 1);
  return i >= 2 && low >= 0xdc00 && low <= 0xdfff ? text.slice(i - 2, i) : text.slice(i - 1, i);
}

/** Where the terms occur in `text` (original indices, sorted, merged): a CJK term anywhere, a word at a word's start. */
export function matchRanges(text: string, terms: readonly Segment[]): [number, number][] {
  const { folded, from, to } = foldedWithMap(text);
  const ranges: [number, number][] = [];
  for (const term of terms) {
    if (!term.text) continue;
    for (let at = folded.indexOf(term.text); at >= 0; at = folded.indexOf(term.text, at + 1)) {
      if (term.kind === 'word' && kindOf(characterBefore(folded, at)) === 'word') continue;
      ranges.push([from[at] as number, to[at + term.text.length - 1] as number]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** `text` cut into parts, the ranges marked as hits. */
function parts(text: string, ranges: readonly [number, number][], start = 0, end = text.length): KnowledgeTextPart[] {
  const out: KnowledgeTextPart[] = [];
  let at = start;
  for (const [a, b] of ranges) {
    const s = Math.max(a, start);
    const e = Math.min(b, end);
    if (e <= s) continue;
    if (s > at) out.push({ text: text.slice(at, s), hit: false });
    out.push({ text: text.slice(s, e), hit: true });
    at = e;
  }
  if (at < end) out.push({ text: text.slice(at, end), hit: false });
  return out;
}

/** The whole text with every occurrence of the terms marked (a title). */
export function markAll(text: string, terms: readonly Segment[]): KnowledgeTextPart[] {
  return terms.length === 0 ? [{ text, hit: false }] : parts(text, matchRanges(text, terms));
}

/** An index moved off the second half of a surrogate pair (a cut never splits a character). */
function onCharacter(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return i > 0 && i < text.length && c >= 0xdc00 && c <= 0xdfff ? i - 1 : i;
}

/**
 * A passage of about `length` characters around the first match (from the start when nothing matches), the matches
 * in it marked, an ellipsis where it was cut.
 */
export function excerpt(text: string, terms: readonly Segment[], length = 120, lead = 30): KnowledgeTextPart[] {
  const ranges = terms.length === 0 ? [] : matchRanges(text, terms);
  const first = ranges[0];
  let start = first ? Math.max(0, first[0] - lead) : 0;
  let end = Math.min(text.length, start + length);
  if (end - start < length) start = Math.max(0, end - length);
  start = onCharacter(text, start);
  end = onCharacter(text, end);
  const body = parts(text, ranges, start, end);
  if (start > 0) body.unshift({ text: '…', hit: false });
  if (end < text.length) body.push({ text: '…', hit: false });
  return body;
}
