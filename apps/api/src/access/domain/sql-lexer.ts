/**
 * PostgreSQL's lexical rules, as far as a static check of a dynamic role's SQL needs them: where comments, string
 * literals, dollar-quoted strings and quoted identifiers start and end, so that a `;` or a keyword inside one of them
 * is not taken for structure — and one outside them is never missed.
 *
 * The rules followed (PostgreSQL 15 documentation, "Lexical Structure"):
 * - `-- …` to the end of the line; `/* … *\/` nested to any depth;
 * - `'…'` with `''` for a quote (backslash is an ordinary character with standard_conforming_strings, the default);
 *   `E'…'` also takes backslash escapes (`\'`); `U&'…'`, `B'…'`, `X'…'`, `N'…'` as plain strings;
 * - `$tag$ … $tag$` with an empty or identifier-like tag, unless the `$` continues an identifier (`a$b`) or starts a
 *   parameter (`$1`);
 * - `"…"` identifiers with `""` for a quote.
 *
 * This is the first of several layers (docs/adr/0014): the statement is also sent by the extended protocol, which
 * refuses more than one statement, on a connection of a role that can read only views.
 */

/** A run of the text: code (keywords, names, operators, `;`), or something whose content is not structure. */
export interface Span {
  kind: 'code' | 'literal' | 'identifier' | 'comment';
  start: number;
  end: number;
}

export interface Scan {
  spans: Span[];
  /** Set when a literal, quoted identifier or comment does not end: the text cannot be a valid statement. */
  unterminated: boolean;
}

const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
// An identifier's later characters: letters, digits, underscore and $ (PostgreSQL allows $ after the first).
const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Splits SQL text into code and the runs whose content is not structure (comments, literals, quoted identifiers). */
export function scan(sql: string): Scan {
  const spans: Span[] = [];
  const n = sql.length;
  const at = (k: number): string => sql[k] ?? '';
  let codeStart = 0;
  let i = 0;
  const push = (kind: Span['kind'], start: number, end: number): void => {
    if (start > codeStart) spans.push({ kind: 'code', start: codeStart, end: start });
    spans.push({ kind, start, end });
    codeStart = end;
  };
  const unterminated = (): Scan => {
    if (n > codeStart) spans.push({ kind: 'code', start: codeStart, end: n });
    return { spans, unterminated: true };
  };
  /** A quoted run starting at `q` (a ' or "), its span starting at `from` (before any prefix); false when it does not end. */
  const quoted = (from: number, q: number, backslashEscapes: boolean): boolean => {
    const quote = at(q);
    const end = endOfQuoted(sql, q, quote, backslashEscapes);
    if (end < 0) return false;
    push(quote === "'" ? 'literal' : 'identifier', from, end);
    i = end;
    return true;
  };

  while (i < n) {
    const c = at(i);
    const next = at(i + 1);
    if (c === '-' && next === '-') {
      const eol = sql.indexOf('\n', i);
      const end = eol < 0 ? n : eol + 1;
      push('comment', i, end);
      i = end;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (at(j) === '/' && at(j + 1) === '*') {
          depth++;
          j += 2;
        } else if (at(j) === '*' && at(j + 1) === '/') {
          depth--;
          j += 2;
        } else j++;
      }
      if (depth > 0) return unterminated();
      push('comment', i, j);
      i = j;
      continue;
    }
    // A quote always opens a literal or a quoted identifier, whatever precedes it: `date'x'` is a typed literal.
    if (c === "'" || c === '"') {
      if (!quoted(i, i, false)) return unterminated();
      continue;
    }
    if (c === '$') {
      // Only ever reached between tokens (identifiers, which may hold a $, and numbers are consumed whole below).
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 200));
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length);
        if (close < 0) return unterminated();
        push('literal', i, close + tag[0].length);
        i = close + tag[0].length;
        continue;
      }
      i++; // a parameter ($1) or a lone $
      continue;
    }
    if (IDENT_START.test(c)) {
      // An identifier or keyword as a whole (it may hold a $: `a$b`, `x$$`), then the string prefixes E'…' (backslash
      // escapes), B'…', X'…', N'…' and U&'…' / U&"…", which are a one-letter word right before the quote.
      let j = i + 1;
      while (j < n && IDENT_CHAR.test(at(j))) j++;
      const word = sql.slice(i, j).toUpperCase();
      if (j - i === 1 && at(j) === "'" && ['E', 'B', 'X', 'N'].includes(word)) {
        if (!quoted(i, j, word === 'E')) return unterminated();
        continue;
      }
      if (j - i === 1 && word === 'U' && at(j) === '&' && (at(j + 1) === "'" || at(j + 1) === '"')) {
        if (!quoted(i, j + 1, false)) return unterminated();
        continue;
      }
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      // A number as a whole, but never a $: `1$a$` is the number 1 and then a dollar quote.
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(at(j))) j++;
      i = j;
      continue;
    }
    i++;
  }
  if (n > codeStart) spans.push({ kind: 'code', start: codeStart, end: n });
  return { spans, unterminated: false };
}

/** The code of the text, with every comment a space, every literal `''` and every quoted identifier `""`. */
export function skeletonOf(sql: string): { text: string; unterminated: boolean } {
  const { spans, unterminated } = scan(sql);
  const text = spans.map((s) => (s.kind === 'code' ? sql.slice(s.start, s.end) : s.kind === 'comment' ? ' ' : s.kind === 'literal' ? "''" : '""')).join('');
  return { text, unterminated };
}

/** Index just past the closing quote of a quoted run starting at `start`, or -1 when it does not close. */
function endOfQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return -1;
}

/** Words that make a query write, lock or leave the query world, looked for outside literals and comments. */
const WRITING = /\b(insert|update|delete|merge|truncate|copy|into|lock|call|do|grant|revoke|create|alter|drop|set|reset|listen|notify|commit|rollback|begin|savepoint|prepare|execute|vacuum|analyze|cluster|refresh|reindex|checkpoint|discard|load|import)\b/i;

export type SqlShape = 'ok' | 'unterminated' | 'multiple' | 'not-a-query' | 'writes';

/** The static verdict on a dynamic role's SQL: one statement, a query (SELECT / WITH / VALUES / TABLE), that writes nothing. */
export function shapeOf(sql: string): SqlShape {
  const s = skeletonOf(sql);
  if (s.unterminated) return 'unterminated';
  const text = s.text.trim().replace(/;\s*$/, '');
  if (text.includes(';')) return 'multiple';
  if (!/^\(*\s*(select|with|values|table)\b/i.test(text)) return 'not-a-query';
  if (WRITING.test(text)) return 'writes';
  return 'ok';
}
