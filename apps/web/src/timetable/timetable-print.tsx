import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';

/** The body's class while a timetable is printed: print CSS then hides everything but the print root. */
const PRINTING = 'sf-tt-printing';

/**
 * Printing a page's grids: while `printing`, the grids are drawn once more in a root of their own directly under the
 * body (one class a page), and the print CSS (timetable.css) hides the console around them — sidebar, tabs, toolbar,
 * the other kept-alive pages. The print button opens the browser's dialog once they are drawn; the browser's own
 * print command (Ctrl+P) on the active page draws them first too, so it prints the same.
 */
export function useTimetablePrint(active: boolean) {
  const [printing, setPrinting] = useState(false);
  // the dialog opens after the grids are in the document; it closes with afterprint
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!printing) return undefined;
    document.body.classList.add(PRINTING);
    const done = () => {
      setPrinting(false);
      setAsked(false);
    };
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      document.body.classList.remove(PRINTING);
    };
  }, [printing]);
  useEffect(() => {
    if (!asked) return undefined;
    const timer = window.setTimeout(() => window.print(), 0);
    return () => window.clearTimeout(timer);
  }, [asked]);
  useEffect(() => {
    if (!active) return undefined;
    // Ctrl+P: draw the print root synchronously before the browser lays the page out for printing
    const before = () => {
      if (!document.body.classList.contains(PRINTING)) flushSync(() => setPrinting(true));
    };
    window.addEventListener('beforeprint', before);
    return () => window.removeEventListener('beforeprint', before);
  }, [active]);
  const print = useCallback(() => {
    setPrinting(true);
    setAsked(true);
  }, []);
  return { printing, print };
}

/** The grids as printed, under the body (see useTimetablePrint). */
export function PrintRoot({ open, children }: { open: boolean; children: ReactNode }) {
  if (!open) return null;
  return createPortal(
    <div className="sf-tt-print-root" data-testid="tt-print-root">
      {children}
    </div>,
    document.body,
  );
}

/** One printed page: a heading and a grid. */
export function PrintPage({ title, sub, children }: { title: string; sub?: string; children: ReactNode }) {
  return (
    <section className="sf-tt-print-page" data-testid="tt-print-page">
      <h2 className="sf-tt-print-title">{title}</h2>
      {sub ? <p className="sf-tt-print-sub">{sub}</p> : null}
      {children}
    </section>
  );
}
