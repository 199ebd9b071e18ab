import { useRef, useState } from 'react';
import { Button, Icon, Message, Modal, Progress, Table } from 'semantic-ui-react';
import type { ResourceDef } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { jobPercent } from './resource-format.js';
import { useImportResource } from './use-import-resource.js';
import { useResourceDownload } from './use-resource-download.js';

const EXCEL = ['.xls', '.xlsx'];

/**
 * The one import dialog: pick a spreadsheet made from the resource's template, upload it, then see the rows imported,
 * or every bad row's problem (nothing imported), or — for a large file, which the server imports as a background
 * job — a progress bar until the job ends.
 */
export function ImportDialog({ def, title, open, onClose }: { def: ResourceDef; title: string; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { state, start, reset } = useImportResource(def.name);
  const { template } = useResourceDownload(def.name, title);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const maxKb = def.excel?.importMaxKb ?? 0;
  const busy = state.phase === 'uploading' || state.phase === 'job';

  const close = () => {
    // A background job goes on: the dialog (still mounted) keeps following it while closed, so the list reloads when
    // it ends and opening the dialog again shows how far it is. Anything else starts afresh next time.
    if (state.phase !== 'job') {
      reset();
      setFile(null);
      setFileError('');
      if (input.current) input.current.value = '';
    }
    onClose();
  };

  const pick = (f: File | undefined) => {
    reset();
    setFile(null);
    if (!f) return setFileError('');
    const lower = f.name.toLowerCase();
    if (!EXCEL.some((ext) => lower.endsWith(ext))) return setFileError(t('resourceKit.fileType'));
    if (f.size === 0) return setFileError(t('resourceKit.fileEmpty'));
    if (maxKb > 0 && f.size > maxKb * 1024) return setFileError(t('resourceKit.fileTooLarge', { max: maxKb }));
    setFileError('');
    setFile(f);
  };

  return (
    <Modal open={open} size="small" onClose={close} closeOnDimmerClick={false} data-testid="import-dialog">
      <Modal.Header>{t('resourceKit.importTitle', { title })}</Modal.Header>
      <Modal.Content scrolling>
        <p className="sf-hint">{t('resourceKit.importHint', { max: maxKb })}</p>
        <div className="sf-import-pick">
          <input
            ref={input}
            type="file"
            accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('resourceKit.chooseFile')}
            disabled={busy}
            data-testid="import-file"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <Button type="button" basic size="small" loading={template.isPending} disabled={template.isPending} onClick={() => template.mutate()} data-testid="import-template">
            <Icon name="download" /> {t('resourceKit.template')}
          </Button>
        </div>
        {fileError ? (
          <div className="sf-field-error" role="alert" data-testid="import-file-error">
            {fileError}
          </div>
        ) : null}
        {state.phase === 'uploading' ? (
          <Progress percent={state.percent} progress indicating size="small" data-testid="import-uploading" data-percent={state.percent}>
            {t('resourceKit.uploading')}
          </Progress>
        ) : null}
        {state.phase === 'job' ? (
          <Progress
            percent={jobPercent({ done: state.progress?.done ?? 0, total: state.progress?.total ?? state.total })}
            progress
            indicating
            size="small"
            data-testid="import-progress"
            data-done={state.progress?.done ?? 0}
            data-total={state.progress?.total ?? state.total}
          >
            {state.progress ? t('resourceKit.importProgress', { done: state.progress.done, total: state.progress.total || state.total }) : t('resourceKit.importQueued')}
          </Progress>
        ) : null}
        {state.phase === 'failed' ? <Message negative content={state.message} data-testid="import-failure" /> : null}
        {state.phase === 'done' && state.errors.length === 0 ? <Message positive data-testid="import-result" data-imported={state.imported} content={t('resourceKit.imported', { count: state.imported })} /> : null}
        {state.phase === 'done' && state.errors.length > 0 ? (
          <>
            <Message warning data-testid="import-result" data-imported={state.imported} data-errors={state.errors.length} content={t('resourceKit.importErrors', { count: state.errors.length })} />
            <div className="sf-import-errors">
              <Table celled compact size="small" unstackable data-testid="import-errors">
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell collapsing>{t('resourceKit.row')}</Table.HeaderCell>
                    <Table.HeaderCell collapsing>{t('resourceKit.column')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('resourceKit.error')}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {state.errors.map((e, i) => (
                    <Table.Row key={`${e.row}-${e.column}-${i}`} data-testid="import-error-row" data-row={e.row}>
                      <Table.Cell collapsing>{e.row}</Table.Cell>
                      <Table.Cell className="sf-nowrap">{e.column}</Table.Cell>
                      <Table.Cell>{e.message}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            </div>
          </>
        ) : null}
      </Modal.Content>
      <Modal.Actions>
        <Button basic type="button" onClick={close} data-testid="import-close">
          {t('resourceKit.close')}
        </Button>
        <Button primary type="button" disabled={!file || busy} loading={busy} onClick={() => file && void start(file)} data-testid="import-submit">
          <Icon name="upload" /> {t('resourceKit.importSubmit')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
