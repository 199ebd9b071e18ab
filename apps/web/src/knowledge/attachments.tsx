import { Icon } from 'semantic-ui-react';
import type { KnowledgeFile } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { useDownloadFile } from '../components/use-files.js';
import { useKnowledgeT } from './use-knowledge-t.js';

/** The files of an article (or of a version), each to download. */
export function Attachments({ files }: { files: readonly KnowledgeFile[] }) {
  const { k } = useKnowledgeT();
  const download = useDownloadFile();
  if (files.length === 0) return null;
  const save = async (f: KnowledgeFile) => {
    try {
      await download.mutateAsync(f);
    } catch (e) {
      reportError(e);
    }
  };
  return (
    <div className="sf-kb-attachments" data-testid="kb-attachments">
      <h4>
        <Icon name="attach" /> {k('article.attachments')}
      </h4>
      <ul>
        {files.map((f) => (
          <li key={f.resId} data-testid="kb-attachment" data-res-id={f.resId}>
            <Icon name="file outline" />
            <span>
              {f.resName}
              {f.resSuffix}
            </span>
            <button type="button" className="sf-link" disabled={download.isPending} onClick={() => void save(f)} data-testid="kb-attachment-download">
              {k('article.download')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
