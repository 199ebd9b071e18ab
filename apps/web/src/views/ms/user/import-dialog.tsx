import { useRef, useState } from 'react';
import { Button, Icon, Message, Modal, Progress, Table } from 'semantic-ui-react';
import { AdminPath, type ImportResult } from '@schoolflow/contracts';
import { ApiError, errorMessage, isCancelled, postBlob, reportError, saveBlob, uploadWithProgress } from '../../../api/http.js';
import { useT } from '../../../i18n/use-t.js';

const EXCEL = ['.xls', '.xlsx'];

/** Import users from one Excel file: upload with progress, then the imported count or the per-row problems. */
export function UserImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useT();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const ctrl = useRef<AbortController | null>(null);

  const reset = () => {
    setFile(null);
    setFileError('');
    setProgress(null);
    setResult(null);
    setFailure('');
    if (input.current) input.current.value = '';
  };
  const close = () => {
    ctrl.current?.abort();
    reset();
    onClose();
  };

  const pick = (f: File | undefined) => {
    setResult(null);
    setFailure('');
    if (!f) return setFile(null);
    const lower = f.name.toLowerCase();
    if (!EXCEL.some((ext) => lower.endsWith(ext))) {
      setFile(null);
      setFileError(t('users.fileType'));
      return;
    }
    if (f.size === 0) {
      setFile(null);
      setFileError(t('users.fileEmpty'));
      return;
    }
    setFileError('');
    setFile(f);
  };

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    const c = new AbortController();
    ctrl.current = c;
    setProgress(0);
    setResult(null);
    setFailure('');
    try {
      const r = await uploadWithProgress<ImportResult>(AdminPath.userImport, form, setProgress, c.signal);
      const res: ImportResult = { imported: Number(r?.imported) || 0, errors: Array.isArray(r?.errors) ? r.errors : [] };
      setResult(res);
      if (res.imported > 0) onImported();
    } catch (err) {
      if (isCancelled(err)) return;
      // Bad rows come back as a failed answer (code 400) whose data is the ImportResult.
      const data = err instanceof ApiError ? (err.data as Partial<ImportResult> | undefined) : undefined;
      if (data && Array.isArray(data.errors) && data.errors.length > 0) setResult({ imported: Number(data.imported) || 0, errors: data.errors });
      else setFailure(errorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  const template = async () => {
    try {
      const { blob, fileName } = await postBlob(AdminPath.userTemplate, {});
      saveBlob(blob, fileName ?? t('users.templateFile'));
    } catch (err) {
      reportError(err);
    }
  };

  return (
    <Modal open={open} size="small" onClose={close} closeOnDimmerClick={false} data-testid="user-import-dialog">
      <Modal.Header>{t('users.importTitle')}</Modal.Header>
      <Modal.Content scrolling>
        <p className="sf-hint">{t('users.importHint')}</p>
        <div className="sf-import-pick">
          <input ref={input} type="file" accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" data-testid="user-import-file" onChange={(e) => pick(e.target.files?.[0])} />
          <Button type="button" basic size="small" onClick={() => void template()} data-testid="user-import-template">
            <Icon name="download" /> {t('users.template')}
          </Button>
        </div>
        {fileError ? (
          <div className="sf-field-error" role="alert" data-testid="user-import-file-error">
            {fileError}
          </div>
        ) : null}
        {progress !== null ? (
          <Progress percent={progress} progress indicating size="small" data-testid="user-import-progress" data-percent={progress}>
            {t('users.uploading')}
          </Progress>
        ) : null}
        {failure ? <Message negative content={failure} data-testid="user-import-failure" /> : null}
        {result ? (
          result.errors.length === 0 ? (
            <Message positive data-testid="user-import-result" data-imported={result.imported} content={t('users.imported', { count: result.imported })} />
          ) : (
            <>
              <Message warning data-testid="user-import-result" data-imported={result.imported} data-errors={result.errors.length}>
                {result.imported > 0 ? `${t('users.imported', { count: result.imported })}; ` : ''}
                {t('users.importErrors', { count: result.errors.length })}
              </Message>
              <Table celled compact size="small" data-testid="user-import-errors">
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell collapsing>{t('users.errRow')}</Table.HeaderCell>
                    <Table.HeaderCell collapsing>{t('users.errColumn')}</Table.HeaderCell>
                    <Table.HeaderCell>{t('users.errMessage')}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {result.errors.map((e, i) => (
                    <Table.Row key={`${e.row}-${e.column}-${i}`} data-testid="user-import-error-row" data-row={e.row}>
                      <Table.Cell>{e.row}</Table.Cell>
                      <Table.Cell>{e.column}</Table.Cell>
                      <Table.Cell>{e.message}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            </>
          )
        ) : null}
      </Modal.Content>
      <Modal.Actions>
        <Button basic type="button" onClick={close} data-testid="user-import-close">
          {t('admin.close')}
        </Button>
        <Button primary type="button" disabled={!file || progress !== null} loading={progress !== null} onClick={() => void upload()} data-testid="user-import-upload">
          <Icon name="upload" /> {t('users.upload')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
