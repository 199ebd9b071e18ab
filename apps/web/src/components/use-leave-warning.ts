import { useEffect } from 'react';

/**
 * Leaving the page (closing the window, reloading, typing another address) while `dirty` asks first: the browser's own
 * question, since a page cannot word it. Moving within the app is the page's to guard (its tabs stay mounted).
 */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
