import type { MessageRow } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { linkTarget } from './message-link.js';
import { showMessageDialog } from './use-message-dialog.js';
import { useMarkRead } from './use-mark-read.js';

/**
 * Clicking a message (docs/product/shell-and-sign-in.md#in-site-messages): one with a link is marked read and the link opens in a new window;
 * one without opens the detail dialog. The window opens first, inside the click, so no pop-up blocker stops it.
 */
export function useOpenMessage(): (row: MessageRow) => void {
  const { mutateAsync: markRead } = useMarkRead();
  return (row) => {
    // a written message opens as a letter (its text, attachments, reply); its link is a button there (docs/product/messages.md#reading)
    const link = row.LETTER_ID ? '' : row.MESSAGE_LINK?.trim();
    if (link) {
      const target = linkTarget(link);
      if (target.startsWith('/')) window.open(target, '_blank');
      else window.open(target, '_blank', 'noopener,noreferrer'); // another site gets no handle on this window
      if (row.MESSAGE_STATUS === '0') markRead([row.MESSAGE_ID]).catch(reportError);
      return;
    }
    showMessageDialog(row);
  };
}
