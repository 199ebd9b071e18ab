import { useRef, useState } from 'react';
import { Button, Icon, Message, Modal, Progress, Table } from 'semantic-ui-react';
import type { ResourceDef } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { jobPercent } from '../jobs/job-progress.js';
import { useImportResource, type ImportState } from './use-import-resource.js';
import { useResourceDownload } from './use-resource-download.js';
import './resource.css';

const EXCEL = ['.xls', '.xlsx'];

/** What an import dialog says; the resource kit's words where a screen gives none of its own. */
export interface ImportTexts {
  title: string;
  hint: string;
  template: string;
  chooseFile: string;
  fileType: string;
  fileEmpty: string;
  fileTooLarge: string;
  uploading: string;
  queued: string;
  progress: (done: number, total: number) => string;
  imported: (count: number) => string;
  /** The warning over the problems' table (`imported`: the rows imported nonetheless). */
  errors: (count: number, imported: number) => string;
  row: string;
  column: string;
  error: string;
  close: string;
  submit: string;
}

export interface ImportFileDialogProps {
  open: boolean;
  onClose: () => void;
  /** The import's state, its start and reset (useImport). */
  importer: { state: ImportState; start: (file: File) => Promise<void>; reset: () => void };
  /** The template's download. */
  template: { pending: boolean; download: () => void };
  /** The file's largest size in KB checked here (0: only the server's limit). */
  maxKb: number;
  texts: Partial<ImportTexts> & { title: string };
  /** Test ids: `${testId}-dialog`, `-file`, `-template`, `-file-error`, `-progress`, `-failure`, `-result`, `-errors`, `-error-row`, `-close`. */
  testId?: string;
  uploadingTestId?: string;
  submitTestId?: string;
}

/**
 * The import dialog of every spreadsheet import: pick a file made from the template, upload it, then see the rows
 * imported, or every bad row's problem (nothing imported), or — for a large file, which the server imports as a
 * background job — a progress bar until the job ends.
 */
export function ImportFileDialog({ open, onClose, importer, template, maxKb, texts, testId = 'import', uploadingTestId = `${testId}-uploading`, submitTestId = `${testId}-submit` }: ImportFileDialogProps) {
  const { t } = useT();
  const x: ImportTexts = {
    hint: t('resourceKit.importHint', { max: maxKb }),
    template: t('resourceKit.template'),
    chooseFile: t('resourceKit.chooseFile'),
    fileType: t('resourceKit.fileType'),
    fileEmpty: t('resourceKit.fileEmpty'),
    fileTooLarge: t('resourceKit.fileTooLarge', { max: maxKb }),
    uploading: t('resourceKit.uploading'),
    queued: t('resourceKit.importQueued'),
    progress: (done, total) => t('resourceKit.importProgress', { done, total }),
    imported: (count) => t('resourceKit.imported', { count }),
    errors: (count) => t('resourceKit.importErrors', { count }),
    row: t('resourceKit.row'),
    column: t('resourceKit.column'),
    error: t('resourceKit.error'),
    close: t('resourceKit.close'),
    submit: t('resourceKit.importSubmit'),
    ...texts,
  };
  const { state, start, reset } = importer;
  // the file chosen, as it was chosen; what is wrong with it, and so whether it can be sent, follows from it
  const [picked, setPicked] = useState<File | null>(null);
  const fileError = picked ? fileProblem(picked) : '';
  const file = picked && !fileError ? picked : null;
  const input = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'uploading' || state.phase === 'job';

  const close = () => {
    // A background job goes on: the dialog (still mounted) keeps following it while closed, so the list reloads when
    // it ends and opening the dialog again shows how far it is. Anything else starts afresh next time.
    if (state.phase !== 'job') {
      reset();
      setPicked(null);
      if (input.current) input.current.value = '';
    }
    onClose();
  };

  function fileProblem(f: File): string {
    const lower = f.name.toLowerCase();
    if (!EXCEL.some((ext) => lower.endsWith(ext))) return x.fileType;
    if (f.size === 0) return x.fileEmpty;
    if (maxKb > 0 && f.size > maxKb * 1024) return x.fileTooLarge;
    return '';
  }

  const pick = (f: File | undefined) => {
    reset();
    setPicked(f ?? null);
  };

  return (
    <Modal open={open} size="small" onClose={close} closeOnDimmerClick={false} data-testid={`${testId}-dialog`}>
      <Modal.Header>{x.title}</Modal.Header>
      <Modal.Content scrolling>
        <p className="sf-hint">{x.hint}</p>
        <div className="sf-import-pick">
          <input
            ref={input}
            type="file"
            accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={x.chooseFile}
            disabled={busy}
            data-testid={`${testId}-file`}
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <Button type="button" basic size="small" loading={template.pending} disabled={template.pending} onClick={() => template.download()} data-testid={`${testId}-template`}>
            <Icon name="download" /> {x.template}
          </Button>
        </div>
        {fileError ? (
          <div className="sf-field-error" role="alert" data-testid={`${testId}-file-error`}>
            {fileError}
          </div>
        ) : null}
        {state.phase === 'uploading' ? (
          <Progress percent={state.percent} progress indicating size="small" data-testid={uploadingTestId} data-percent={state.percent}>
            {x.uploading}
          </Progress>
        ) : null}
        {state.phase === 'job' ? (
          <Progress
            percent={jobPercent({ done: state.progress?.done ?? 0, total: state.progress?.total ?? state.total })}
            progress
            indicating
            size="small"
            data-testid={`${testId}-progress`}
            data-done={state.progress?.done ?? 0}
            data-total={state.progress?.total ?? state.total}
          >
            {state.progress ? x.progress(state.progress.done, state.progress.total || state.total) : x.queued}
          </Progress>
        ) : null}
        {state.phase === 'failed' ? <Message negative content={state.message} data-testid={`${testId}-failure`} /> : null}
        {state.phase === 'done' && state.errors.length === 0 ? <Message positive data-testid={`${testId}-result`} data-imported={state.imported} content={x.imported(state.imported)} /> : null}
        {state.phase === 'done' && state.errors.length > 0 ? (
          <>
            <Message warning data-testid={`${testId}-result`} data-imported={state.imported} data-errors={state.errors.length} content={x.errors(state.errors.length, state.imported)} />
            <div className="sf-import-errors">
              <Table celled compact size="small" unstackable data-testid={`${testId}-errors`}>
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell collapsing>{x.row}</Table.HeaderCell>
                    <Table.HeaderCell collapsing>{x.column}</Table.HeaderCell>
                    <Table.HeaderCell>{x.error}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {state.errors.map((e, i) => (
                    <Table.Row key={`${e.row}-${e.column}-${i}`} data-testid={`${testId}-error-row`} data-row={e.row}>
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
        <Button basic type="button" onClick={close} data-testid={`${testId}-close`}>
          {x.close}
        </Button>
        <Button primary type="button" disabled={!file || busy} loading={busy} onClick={() => file && void start(file)} data-testid={submitTestId}>
          <Icon name="upload" /> {x.submit}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}

/** The resource kit's import dialog: the resource's import, its template, its file size limit. */
export function ImportDialog({ def, title, open, onClose }: { def: ResourceDef; title: string; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const importer = useImportResource(def.name);
  const { template } = useResourceDownload(def.name, title);
  return (
    <ImportFileDialog
      open={open}
      onClose={onClose}
      importer={importer}
      template={{ pending: template.isPending, download: () => template.mutate() }}
      maxKb={def.excel?.importMaxKb ?? 0}
      texts={{ title: t('resourceKit.importTitle', { title }) }}
    />
  );
}
