import { describe, expect, it } from '@jest/globals';
import { excerpt, markAll, matchRanges, normalise, postings, queryTerms, segments, tsqueryText, tsvectorText, WORD_MAX } from './cjk-search.js';
import { articleText } from './article-text.js';

const lexemes = (text: string) => postings(text).postings.map((p) => `${p.lexeme}@${p.position}`);
const marked = (parts: { text: string; hit: boolean }[]) => parts.map((p) => (p.hit ? `[${p.text}]` : p.text)).join('');

describe('the knowledge base tokeniser (docs/adr/0060-knowledge-base.md#search)', () => {
  it('cuts a Chinese run into its characters and neighbouring pairs, at the characters’ positions', () => {
    expect(lexemes('请假流程')).toEqual(['请@1', '请假@1', '假@2', '假流@2', '流@3', '流程@3', '程@4']);
  });

  it('keeps a character standing alone as its unigram, with no pair', () => {
    expect(lexemes('在 Wi 中')).toEqual(['在@1', 'wi@2', '中@3']);
    expect(lexemes('好')).toEqual(['好@1']);
  });

  it('separates mixed Chinese and English: Latin words whole and lower case, Chinese runs in pairs, no pair across the switch', () => {
    expect(segments('连接SchoolFlow校园网Wi-Fi 802.11ac')).toEqual([
      { kind: 'cjk', text: '连接' },
      { kind: 'word', text: 'schoolflow' },
      { kind: 'cjk', text: '校园网' },
      { kind: 'word', text: 'wi' },
      { kind: 'word', text: 'fi' },
      { kind: 'word', text: '802' },
      { kind: 'word', text: '11ac' },
    ]);
    expect(lexemes('密码Password')).toEqual(['密@1', '密码@1', '码@2', 'password@3']);
  });

  it('drops punctuation of both widths, which ends a run: no pair spans a comma or a full stop', () => {
    expect(segments('请假，流程。“审批”！(approval)；done.')).toEqual([
      { kind: 'cjk', text: '请假' },
      { kind: 'cjk', text: '流程' },
      { kind: 'cjk', text: '审批' },
      { kind: 'word', text: 'approval' },
      { kind: 'word', text: 'done' },
    ]);
    expect(lexemes('请假，流程').some((l) => l.startsWith('假流'))).toBe(false);
    expect(segments('…——、·《》【】 !?')).toEqual([]);
  });

  it('reads full-width letters and digits, upper case and composed forms as the same text', () => {
    expect(normalise('ＷｉＦｉ２０２５ ÉCOLE')).toBe('wifi2025 école');
    expect(segments('Ｗｉ－Ｆｉ')).toEqual([
      { kind: 'word', text: 'wi' },
      { kind: 'word', text: 'fi' },
    ]);
    expect(segments('Cafe\u0301')).toEqual([{ kind: 'word', text: 'café' }]);
  });

  it('handles kana, hangul and characters outside the basic plane (𠮷) as CJK', () => {
    expect(lexemes('𠮷野')).toEqual(['𠮷@1', '𠮷野@1', '野@2']);
    expect(segments('カタカナ한국어')).toEqual([{ kind: 'cjk', text: 'カタカナ한국어' }]);
  });

  it('cuts an overlong word at WORD_MAX characters, the query’s the same way', () => {
    const long = 'a'.repeat(WORD_MAX + 10);
    expect(segments(long)).toEqual([{ kind: 'word', text: 'a'.repeat(WORD_MAX) }]);
    expect(tsqueryText(long)).toBe(`'${'a'.repeat(WORD_MAX)}':*`);
  });

  it('writes the tsvector text with each lexeme once, its positions and weights, fields apart', () => {
    expect(tsvectorText([{ text: '请假', weight: 'A' }])).toBe(`'请':1A '请假':1A '假':2A`);
    // the body starts after a gap: no phrase runs from the title into the body
    expect(tsvectorText([{ text: 'Leave', weight: 'A' }, { text: 'leave 假', weight: 'D' }])).toBe(`'leave':1A,3 '假':4`);
    expect(tsvectorText([{ text: '', weight: 'A' }])).toBe('');
  });

  it('keeps at most 256 positions of a lexeme and none past 16383', () => {
    const text = Array.from({ length: 400 }, () => 'word').join(' ');
    const vector = tsvectorText([{ text, weight: 'D' }]);
    expect(vector.split(',').length).toBe(256);
    const far = tsvectorText([{ text: `${'x '.repeat(20_000)}end`, weight: 'D' }]);
    expect(far).toContain(`'end':16383`);
  });

  it('turns a query into a tsquery: Chinese runs as phrases of their pairs, one character alone, words as prefixes, all required', () => {
    expect(tsqueryText('请假流程')).toBe(`('请假' <-> '假流' <-> '流程')`);
    expect(tsqueryText('假')).toBe(`'假'`);
    expect(tsqueryText('Wi-Fi 密码')).toBe(`'wi':* & 'fi':* & ('密码')`);
    expect(tsqueryText('a')).toBe(`'a'`);
    expect(tsqueryText('请假 请假')).toBe(`('请假')`);
    expect(tsqueryText('，。！  ')).toBeNull();
    expect(tsqueryText("it's")).toBe(`'it':* & 's'`);
  });

  it('marks every occurrence of the query in a title, on the text as written', () => {
    expect(marked(markAll('如何连接校园 Wi-Fi', queryTerms('wi 校园')))).toBe('如何连接[校园] [Wi]-Fi');
    expect(marked(markAll('ＷｉＦｉ 使用说明', queryTerms('wifi')))).toBe('[ＷｉＦｉ] 使用说明');
    expect(marked(markAll('Password and passwords', queryTerms('PASS')))).toBe('[Pass]word and [pass]words');
    // a word is matched at a word's start, not inside another
    expect(marked(markAll('bypass', queryTerms('pass')))).toBe('bypass');
    expect(markAll('标题', [])).toEqual([{ text: '标题', hit: false }]);
  });

  it('merges overlapping matches', () => {
    expect(matchRanges('请假流程', queryTerms('请假 假流'))).toEqual([[0, 3]]);
  });

  it('cuts an excerpt around the first match, with ellipses where it was cut', () => {
    const text = `${'前'.repeat(100)}学生请假需提前一天在系统中提交申请${'后'.repeat(100)}`;
    const parts = excerpt(text, queryTerms('请假'), 40, 10);
    expect(parts[0]).toEqual({ text: '…', hit: false });
    expect(parts[parts.length - 1]).toEqual({ text: '…', hit: false });
    expect(marked(parts)).toBe(`…${'前'.repeat(8)}学生[请假]需提前一天在系统中提交申请${'后'.repeat(15)}…`);
    // nothing matched (the title did): the start of the text
    expect(marked(excerpt('短文', queryTerms('无关'), 40))).toBe('短文');
    // a cut never splits a character outside the basic plane
    const wide = '𠮷'.repeat(30);
    expect(excerpt(wide, [], 11).map((p) => p.text).join('')).toBe(`${'𠮷'.repeat(5)}…`);
  });
});

describe('an article body as text', () => {
  it('keeps the words, one space where blocks end, escapes read back', () => {
    expect(articleText('<h3>标题</h3><p>第一段&amp;<strong>加粗</strong></p><ul><li>一</li><li>二</li></ul><p>a &lt; b</p>')).toBe('标题 第一段&加粗 一 二 a < b');
    expect(articleText('<p></p><p> </p>')).toBe('');
  });
});
