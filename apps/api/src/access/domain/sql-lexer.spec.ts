import { describe, expect, it } from '@jest/globals';
import { scan, shapeOf, skeletonOf } from './sql-lexer.js';

describe('the SQL lexer of dynamic roles', () => {
  it.each([
    ['a plain query', `SELECT id AS user_id FROM sys_user`, 'ok'],
    ['a trailing semicolon', `SELECT id AS user_id FROM sys_user;  `, 'ok'],
    ['a ; inside a string', `SELECT id AS user_id FROM sys_user WHERE name = 'a;b'`, 'ok'],
    ['a ; inside a doubled quote', `SELECT id AS user_id FROM sys_user WHERE name = 'it''s; ok'`, 'ok'],
    ['a ; inside a quoted identifier', `SELECT id AS "user;id" FROM sys_user`, 'ok'],
    ['a ; inside a comment', `SELECT id AS user_id -- ; DELETE\n FROM sys_user`, 'ok'],
    ['a ; inside a dollar quote', `SELECT $$;$$ AS user_id`, 'ok'],
    ['a WITH query', `WITH t AS (SELECT id FROM sys_user) SELECT id AS user_id FROM t`, 'ok'],
    ['a $ inside an identifier', `SELECT a$$b AS user_id FROM x$$`, 'ok'],
    ['parameters', `SELECT $1::uuid AS user_id WHERE $2 = '1'`, 'ok'],
    ['set_config is a function name, not SET', `SELECT set_config('x.y', '1', true) AS user_id`, 'ok'],
    ['offset is not SET', `SELECT id AS user_id FROM sys_user OFFSET 1`, 'ok'],
    // the attacker's run: two dollar-quoted literals read as one '…' string by the old check
    ['a second statement behind dollar quotes', `SELECT $$'$$ AS user_id; COMMIT; UPDATE t SET a = 1; SELECT $$'$$ AS user_id`, 'multiple'],
    ['a second statement behind a tagged dollar quote', `SELECT $x$';$x$ AS user_id; COPY (SELECT 1) TO PROGRAM 'id'`, 'multiple'],
    ['a second statement behind an escape string', `SELECT E'\\'' AS user_id; COPY (SELECT 1) TO PROGRAM 'id'; SELECT ''''`, 'multiple'],
    ['a ; inside a nested comment', `SELECT 1 AS user_id /* a /* b */ ; c */`, 'ok'],
    ["a second statement behind a ' in a quoted identifier", `SELECT 1 AS "'"; COPY (SELECT 1) TO PROGRAM 'id'; SELECT '"'`, 'multiple'],
    // found in review: a typed literal (its quote right after a word) and a number right before a dollar quote
    ['a second statement behind a typed literal', `SELECT date'x '; DELETE FROM t; --'`, 'multiple'],
    ['a second statement behind a dollar quote after a number', `SELECT 1$a$, $a$; DELETE FROM t; --$a$`, 'multiple'],
    ['a typed literal', `SELECT id AS user_id FROM sys_user WHERE created_at > date'2026-01-01'`, 'ok'],
    ['an escape string with a prefix E', `SELECT e'\\' ;' AS user_id`, 'ok'],
    ['U& strings and identifiers', `SELECT U&'d\\0061t;' AS u&"us;er_id"`, 'ok'],
    ['a second statement after a plain query', `SELECT 1 AS user_id; DELETE FROM t`, 'multiple'],
    ['a data-modifying WITH', `WITH d AS (DELETE FROM t RETURNING id) SELECT id AS user_id FROM d`, 'writes'],
    ['SELECT INTO', `SELECT id AS user_id INTO copy FROM sys_user`, 'writes'],
    ['a row lock', `SELECT id AS user_id FROM sys_user FOR UPDATE`, 'writes'],
    ['DELETE', `DELETE FROM t`, 'not-a-query'],
    ['a statement behind a comment', `/* SELECT */ DELETE FROM t`, 'not-a-query'],
    ['COPY', `COPY (SELECT 1) TO PROGRAM 'id'`, 'not-a-query'],
    ['an unterminated string', `SELECT 'abc AS user_id`, 'unterminated'],
    ['an unterminated dollar quote', `SELECT $a$ x AS user_id`, 'unterminated'],
    ['an unterminated nested comment', `SELECT 1 AS user_id /* /* */`, 'unterminated'],
  ])('%s → %s', (_t, sql, shape) => {
    expect(shapeOf(sql)).toBe(shape);
  });

  it('blanks literals, identifiers and comments in the skeleton', () => {
    expect(skeletonOf(`SELECT 'x;y', "a;b", $t$;$t$, E'\\';' -- c;\n FROM z`).text).toBe(`SELECT '', "", '', ''   FROM z`);
  });

  it('finds code only outside literals, quoted names and comments', () => {
    const sql = `SELECT ':userId', :userId /* :userId */`;
    const code = scan(sql).spans.filter((s) => s.kind === 'code').map((s) => sql.slice(s.start, s.end)).join('|');
    expect(code).toBe('SELECT |, :userId ');
  });
});
