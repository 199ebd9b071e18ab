import { describe, expect, it } from '@jest/globals';
import { itemPost } from './item-post.js';

describe('the post a collected item becomes (docs/adr/0067-spider-columns.md#publishing)', () => {
  const column = { kind: 'notice' as const, audience: { school: true as const, students: false, staff: true } };

  it('is its content and a last line linking to its source, published at once as the column’s kind to its audience', () => {
    const post = itemPost(column, { title: '冬季安全通知', url: 'https://jyj.example.gov.cn/tzgg/1.html?a=1&b="2"', content: '<p>正文</p>' }, 'zh');
    expect(post).toMatchObject({ kind: 'notice', title: '冬季安全通知', audience: column.audience, publish: true });
    expect(post.body).toBe('<p>正文</p><p class="post-source">原文链接：<a href="https://jyj.example.gov.cn/tzgg/1.html?a=1&amp;b=&quot;2&quot;" target="_blank">https://jyj.example.gov.cn/tzgg/1.html?a=1&amp;b=&quot;2&quot;</a></p>');
  });

  it('without content is the source line alone, in the publisher’s language', () => {
    expect(itemPost(column, { title: 'T', url: 'https://x.test/a', content: null }, 'en').body).toBe('<p class="post-source">Source: <a href="https://x.test/a" target="_blank">https://x.test/a</a></p>');
  });
});
