import { Button, Icon, Label, Loader } from 'semantic-ui-react';
import type { LetterDetail } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { useDownloadFile } from '../components/use-files.js';
import { toast } from '../util/toast.js';
import { linkTarget } from './message-link.js';
import { useLetter } from './use-letter.js';
import { type LettersKey, useLettersT } from './use-letters-t.js';
import { type TrashAction, useTrashLetter } from './use-trash-letter.js';
import { listOf } from '../i18n/punctuation.js';

/** An attachment's name as the download saves it (the files module keeps the suffix apart). */
const fileName = (a: LetterDetail['attachments'][number]) => ({ resId: a.resId, resName: a.resName, resSuffix: a.resName.toLowerCase().endsWith(a.resSuffix.toLowerCase()) ? '' : a.resSuffix });

/**
 * A message of mine, whole (docs/product/messages.md#reading): title, type, who wrote it, when, the letter's sanitised
 * HTML (a system message's text), attachments to download, its link, and what may be done with it — reply to a
 * received letter, move to the trash, restore, delete for good. Reading a received one marks it read.
 */
export function LetterDetailPanel({ id, onReply, onDone }: { id: string; onReply: (copyId: string) => void; onDone: () => void }) {
  const { l } = useLettersT();
  const letter = useLetter(id);
  const act = useTrashLetter();
  const download = useDownloadFile();
  if (letter.isPending) return <Loader active inline="centered" size="small" />;
  const d = letter.data;
  if (!d) return null;
  const run = async (action: TrashAction) => {
    if (action === 'purge' && !(await confirmAction(l('list.purgeConfirm')))) return;
    try {
      await act.mutateAsync({ id: d.id, action });
      toast.success(l(action === 'trash' ? 'list.trashed' : action === 'restore' ? 'list.restored' : 'list.purged'));
      onDone();
    } catch (err) {
      reportError(err);
    }
  };
  return (
    <div className="sf-letter-detail" data-testid="letter-detail" data-id={d.id} data-origin={d.origin} data-trashed={d.trashed ? '1' : '0'}>
      <h3 className="sf-letter-title" data-testid="letter-detail-title">
        {d.title}
      </h3>
      <div className="sf-message-meta">
        <Label size="tiny" basic>
          {l(`types.${d.type}` as LettersKey)}
        </Label>
        {d.sender ? (
          <span data-testid="letter-detail-sender">
            {l('list.from')}: {d.sender.name}
          </span>
        ) : null}
        {d.recipients.length > 0 ? (
          <span data-testid="letter-detail-recipients">
            {l('list.recipients')}: {listOf(d.recipients.map((r) => r.NAME ?? r.CODE))} ({l('list.recipientCount', { n: d.recipientCount })})
          </span>
        ) : null}
        <span>{d.sentAt ?? d.createdAt}</span>
      </div>
      {d.html ? (
        <div className="sf-post-body" data-testid="letter-detail-content" dangerouslySetInnerHTML={{ __html: d.content }} />
      ) : (
        <div className="sf-message-content" data-testid="letter-detail-content">
          {d.content}
        </div>
      )}
      {d.attachments.length > 0 ? (
        <div className="sf-letter-attachments" data-testid="letter-detail-attachments">
          <b>{l('list.attachments')}:</b>
          {d.attachments.map((a) => (
            <button key={a.resId} type="button" className="sf-link" onClick={() => download.mutateAsync(fileName(a)).catch(reportError)} data-testid="letter-attachment" data-res-id={a.resId}>
              <Icon name="paperclip" />
              {a.resName}
              {a.resName.toLowerCase().endsWith(a.resSuffix.toLowerCase()) ? '' : a.resSuffix}
            </button>
          ))}
        </div>
      ) : null}
      {d.link ? (
        <a href={linkTarget(d.link)} target="_blank" rel="noopener noreferrer" data-testid="letter-detail-link">
          <Icon name="external alternate" /> {l('detail.openLink')}
        </a>
      ) : null}
      <div className="sf-form-actions">
        {d.canReply && !d.trashed ? (
          <Button size="small" primary onClick={() => onReply(d.id)} data-testid="letter-reply">
            <Icon name="reply" /> {l('list.reply')}
          </Button>
        ) : null}
        {d.trashed ? (
          <>
            <Button size="small" basic disabled={act.isPending} onClick={() => void run('restore')} data-testid="letter-restore">
              <Icon name="undo" /> {l('list.restore')}
            </Button>
            <Button size="small" basic negative disabled={act.isPending} onClick={() => void run('purge')} data-testid="letter-purge">
              <Icon name="trash alternate" /> {l('list.purge')}
            </Button>
          </>
        ) : (
          <Button size="small" basic disabled={act.isPending} onClick={() => void run('trash')} data-testid="letter-trash">
            <Icon name="trash alternate outline" /> {l('list.trash')}
          </Button>
        )}
      </div>
    </div>
  );
}
