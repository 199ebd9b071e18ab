import sanitizeHtml from 'sanitize-html';

/**
 * A post's body as stored and served: the rich-text editor's HTML (tiptap: paragraphs, headings, marks, lists, quotes,
 * code, tables, links, images) and nothing that runs — no script, style, iframe, event handler or `javascript:` URL.
 * Sanitised on the server whatever the client sent (issue 24), once, when written.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'mark', 'span', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'], ol: ['start'], '*': ['class'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedClasses: { '*': [/^[a-z][a-z0-9-]{0,40}$/] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export function sanitisePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The body's text alone (whether a post says anything). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim();
}
