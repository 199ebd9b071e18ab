import { describe, expect, it } from '@jest/globals';
import { absoluteUrl, decodePage, extractContent, extractList, headerCharset, invalidSelector, metaCharset } from './page-extraction.js';

const LIST = `<html><head><meta charset="gbk"><title>通知公告</title></head><body>
<ul class="news">
  <li><a href="/tzgg/2026/001.html" title="关于做好冬季安全工作的通知">关于做好冬季安全…</a><span class="date">2026-11-20</span></li>
  <li><a href="002.html">  教师培训   安排 </a><span class="date">2026-11-18</span></li>
  <li><span>没有链接的一条</span></li>
  <li><a href="002.html">重复</a></li>
  <li><a href="javascript:void(0)">脚本链接</a></li>
</ul></body></html>`;

describe('reading a column list (docs/adr/0067-spider-columns.md#extraction)', () => {
  it('gives each item its title, absolute link and date; the same link once; items without a usable link noted', () => {
    const out = extractList(LIST, 'https://jyj.example.gov.cn/tzgg/index.html', { listSelector: 'ul.news > li', titleSelector: 'a', linkSelector: 'a', dateSelector: '.date' });
    expect(out.found).toBe(5);
    expect(out.items).toEqual([
      { title: '关于做好冬季安全工作的通知', url: 'https://jyj.example.gov.cn/tzgg/2026/001.html', date: '2026-11-20' },
      { title: '教师培训 安排', url: 'https://jyj.example.gov.cn/tzgg/002.html', date: '2026-11-18' },
    ]);
    expect(out.withoutLink).toEqual([3, 5]);
  });

  it('takes the list element itself as the link when it matches (a list of links)', () => {
    const out = extractList('<div id="l"><a href="a.html">甲</a><a href="b.html">乙</a></div>', 'http://x.test/', { listSelector: '#l > a', titleSelector: 'a', linkSelector: 'a', dateSelector: null });
    expect(out.items.map((i) => [i.title, i.url, i.date])).toEqual([
      ['甲', 'http://x.test/a.html', null],
      ['乙', 'http://x.test/b.html', null],
    ]);
  });

  it('finds nothing with a selector that matches nothing', () => {
    expect(extractList(LIST, 'http://x.test/', { listSelector: 'table.none tr', titleSelector: 'a', linkSelector: 'a', dateSelector: null })).toEqual({ found: 0, items: [], withoutLink: [] });
  });

  it('names the first selector that is not CSS', () => {
    expect(invalidSelector({ listSelector: 'ul > li', titleSelector: 'a', dateSelector: null })).toBeNull();
    expect(invalidSelector({ listSelector: 'ul > li', linkSelector: 'a[href' })).toBe('linkSelector');
  });

  it('makes links absolute, http(s) only, without their fragment', () => {
    expect(absoluteUrl('../a.html#top', 'https://x.test/b/c/')).toBe('https://x.test/b/a.html');
    expect(absoluteUrl('//cdn.test/p.png', 'https://x.test/')).toBe('https://cdn.test/p.png');
    expect(absoluteUrl('mailto:a@b.c', 'https://x.test/')).toBeNull();
    expect(absoluteUrl('ftp://x.test/f', 'https://x.test/')).toBeNull();
    expect(absoluteUrl('#', 'https://x.test/')).toBeNull();
  });
});

describe('an article’s content', () => {
  it('is the selected element’s inner HTML, links and pictures absolute, sanitised as a post body', () => {
    const html = `<div class="article"><p onclick="x()">正文<a href="../f/附件.pdf">附件</a></p><img src="img/1.png" alt="图"><script>alert(1)</script><a href="javascript:alert(1)">坏</a><iframe src="http://evil.test"></iframe></div>`;
    const out = extractContent(html, 'https://jyj.example.gov.cn/tzgg/2026/001.html', 'div.article');
    expect(out).toContain('<p>正文<a href="https://jyj.example.gov.cn/tzgg/f/%E9%99%84%E4%BB%B6.pdf" rel="noopener noreferrer nofollow">附件</a></p>');
    expect(out).toContain('<img src="https://jyj.example.gov.cn/tzgg/2026/img/1.png" alt="图" />');
    expect(out).not.toMatch(/script|onclick|javascript|iframe/);
  });

  it('is null when the selector finds nothing or nothing is left', () => {
    expect(extractContent('<p>x</p>', 'http://x.test/', 'div.none')).toBeNull();
    expect(extractContent('<div class="a"><script>1</script></div>', 'http://x.test/', 'div.a')).toBeNull();
  });
});

describe('the charset a page is decoded with', () => {
  const gbk = (s: string): Uint8Array => {
    // 通知 in GBK, spelled out: the encoder side is not in TextDecoder's API
    const table: Record<string, number[]> = { 通: [0xcd, 0xa8], 知: [0xd6, 0xaa] };
    return Uint8Array.from([...s].flatMap((ch) => table[ch] ?? [ch.charCodeAt(0)]));
  };

  it('is the header’s, else the page’s <meta>, else UTF-8', () => {
    expect(headerCharset('text/html; charset=GBK')).toBe('gbk');
    expect(headerCharset('text/html')).toBeNull();
    expect(metaCharset(Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312">'))).toBe('gb2312');
    expect(metaCharset(Buffer.from('<meta charset="GB18030">'))).toBe('gb18030');
    expect(decodePage(gbk('<meta charset="gbk"><p>通知</p>'), 'text/html').text).toBe('<meta charset="gbk"><p>通知</p>');
    expect(decodePage(gbk('<p>通知</p>'), 'text/html; charset=gb2312')).toEqual({ text: '<p>通知</p>', charset: 'gbk' });
    expect(decodePage(Buffer.from('<p>通知</p>'), 'text/html').charset).toBe('utf-8');
    expect(decodePage(Buffer.from('<p>ok</p>'), 'text/html; charset=no-such-charset').text).toBe('<p>ok</p>');
  });
});
