import { useMemo } from 'react';

/**
 * A text card. Saved HTML was sanitised by the server (no script, handler or `javascript:` link), so it is shown as
 * HTML; in the designer, before a save, only its text is shown — parsed by an inert DOMParser, which runs nothing and
 * loads nothing — so what an editor types cannot act in their own session either.
 */
export function TextCard({ html, saved }: { html: string; saved: boolean }) {
  const text = useMemo(() => {
    if (saved) return '';
    const doc = new DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('script, style').forEach((el) => el.remove()); // their source is no text of the card
    return doc.body.textContent ?? '';
  }, [html, saved]);
  if (!saved) return <div className="sf-cp-text">{text}</div>;
  // the server sanitised it when it was saved (apps/api/src/pages/domain/page-layout.ts)
  return <div className="sf-cp-text" data-testid="cp-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
