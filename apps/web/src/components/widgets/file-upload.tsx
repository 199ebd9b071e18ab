import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button, Icon, Progress } from 'semantic-ui-react';
import type { FileRef } from '../../api/file-api.js';
import { errorMessage, isCancelled, reportError } from '../../api/http.js';
import { useT, type Translator } from '../../i18n/use-t.js';
import { toast } from '../../util/toast.js';
import { confirmAction } from '../confirm-dialog.js';
import { useBusyTracker } from '../use-busy-tracker.js';
import { useDownloadFile, useFileNames, useRemoveFile, useUploadWithProgress } from '../use-files.js';
import { UPLOAD_DEFAULT_LIMIT, UPLOAD_DEFAULT_MAX_KB, UPLOAD_DEFAULT_TYPES } from './form-defaults.js';
import 'semantic-ui-css/components/progress.min.css';
import './widgets.css';

export interface FileUploadProps {
  /** Uploaded file ids (resId). */
  value: readonly string[];
  onChange: (resIds: string[], files: FileRef[]) => void;
  /** KB; 0 = unlimited. */
  maxSizeKb?: number;
  /** Comma list of allowed extensions, e.g. '.pdf,.png'. Default '.xlsx,.xls'. */
  types?: string;
  /** Files in the field; 0 = unlimited. Default 1. */
  limit?: number;
  disabled?: boolean;
  /** Reports an upload or removal in progress. */
  onUploading?: (busy: boolean) => void;
  /** The form's upload scope (useUploadScope): its `busy` covers this field's uploads and removals under way. */
  busyScope?: string;
  /** Prefix of the data-testids (default 'file-upload'). */
  testId?: string;
}

/** '.PDF, .png' → ['.pdf', '.png']. */
export function parseTypes(types: string): string[] {
  return types
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => (s.startsWith('.') ? s : `.${s}`));
}

function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i).toLowerCase();
}

/** The first rule of docs/product/shell-and-sign-in.md#file-upload a chosen file breaks, or null. */
export function fileProblem(file: { name: string; size: number }, maxSizeKb: number, types: string, t: Translator['t']): string | null {
  if (file.size === 0) return t('widgets.file.empty');
  if (maxSizeKb > 0 && file.size > maxSizeKb * 1024) return t('widgets.file.tooLarge', { maxSize: maxSizeKb });
  const allowed = parseTypes(types);
  if (allowed.length > 0 && !allowed.includes(extensionOf(file.name))) return t('widgets.file.type', { types });
  return null;
}

/** File upload field (docs/product/shell-and-sign-in.md#file-upload: the file, upload states, checks, /file/*). */
export function FileUpload({ value, onChange, maxSizeKb = UPLOAD_DEFAULT_MAX_KB, types = UPLOAD_DEFAULT_TYPES, limit = UPLOAD_DEFAULT_LIMIT, disabled = false, onUploading, busyScope, testId = 'file-upload' }: FileUploadProps) {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  // the files uploaded here, named without asking the server
  const [known, setKnown] = useState<ReadonlyMap<string, FileRef>>(new Map());
  const reachedLimit = limit > 0 && value.length >= limit;
  const upload = useUploadWithProgress(busyScope);
  const removal = useRemoveFile(busyScope);
  const fetch = useDownloadFile();
  const loading = upload.isPending || removal.isPending;
  const tracked = useBusyTracker(onUploading);

  // Names and suffixes of ids not seen yet come from /file/getFiles.
  const missing = value.filter((id) => !known.has(id));
  const names = useFileNames(missing);
  useEffect(() => {
    if (names.error && !isCancelled(names.error)) toast.warning(errorMessage(names.error));
  }, [names.error]);
  const refOf = (id: string): FileRef => known.get(id) ?? names.data?.find((f) => f.resId === id) ?? { resId: id, resName: id, resSuffix: '' };
  const files = value.map(refOf);

  const emit = (next: FileRef[]) => onChange(next.map((f) => f.resId), next);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file may be chosen again after a refusal
    if (chosen.length === 0) return;
    if (limit > 0 && value.length + chosen.length > limit) {
      toast.warning(t('widgets.file.tooMany', { limit }));
      return;
    }
    for (const f of chosen) {
      const problem = fileProblem(f, maxSizeKb, types, t);
      if (problem) {
        toast.warning(problem);
        return;
      }
    }
    setPercent(0);
    try {
      const list = await tracked(() => upload.mutateAsync({ files: chosen, rules: { maxSizeKb, types: parseTypes(types), limit }, onProgress: setPercent }));
      setKnown((m) => new Map([...m, ...list.map((f): [string, FileRef] => [f.resId, f])]));
      emit([...files, ...list]);
      toast.success(t('widgets.file.uploaded'));
    } catch (err) {
      if (!isCancelled(err)) toast.warning(errorMessage(err)); // upload failures are warnings (docs/product/shell-and-sign-in.md#errors-and-reactions)
    } finally {
      setPercent(null);
    }
  };

  const remove = async (file: FileRef) => {
    if (!(await confirmAction(t('widgets.file.removeConfirm')))) {
      toast.info(t('widgets.file.removeCancelled'));
      return;
    }
    try {
      await tracked(() => removal.mutateAsync(file.resId));
      setKnown((m) => new Map([...m].filter(([id]) => id !== file.resId)));
      emit(files.filter((f) => f.resId !== file.resId));
      toast.success(t('widgets.file.removed'));
    } catch (err) {
      toast.warning(errorMessage(err));
    }
  };

  const download = async (file: FileRef) => {
    try {
      await fetch.mutateAsync(file);
      toast.success(t('widgets.file.downloaded'));
    } catch (err) {
      reportError(err);
    }
  };

  const accept = parseTypes(types).join(',');
  const uploadDisabled = disabled || loading || reachedLimit;

  return (
    <div className="sf-file-upload" data-testid={testId} data-count={value.length} data-loading={loading ? '1' : '0'} data-upload-disabled={reachedLimit ? '1' : '0'}>
      <Button type="button" size="small" basic icon labelPosition="left" disabled={uploadDisabled} loading={loading} onClick={() => input.current?.click()} data-testid={`${testId}-button`} title={reachedLimit ? t('widgets.file.limitReached') : undefined}>
        <Icon name="upload" />
        {percent !== null ? t('widgets.file.uploading', { percent }) : t('widgets.file.choose')}
      </Button>
      <input ref={input} type="file" hidden accept={accept} multiple={limit !== 1} disabled={uploadDisabled} data-testid={`${testId}-input`} onChange={(e) => void choose(e)} />
      {percent !== null ? <Progress percent={percent} size="tiny" indicating data-testid={`${testId}-progress`} /> : null}
      <div className="sf-file-hint">
        {[t('widgets.file.hintTypes', { types }), maxSizeKb > 0 ? t('widgets.file.hintSize', { maxSize: maxSizeKb }) : '', limit > 0 ? t('widgets.file.hintLimit', { limit }) : ''].filter(Boolean).join(t('common.clauseSeparator'))}
      </div>
      {files.length > 0 ? (
        <ul className="sf-file-list">
          {files.map((f) => (
            <li key={f.resId} className="sf-file-item" data-testid={`${testId}-item`} data-res-id={f.resId}>
              <Icon name="file outline" />
              <span className="sf-file-name" title={`${f.resName}${f.resSuffix}`}>
                {f.resName}
                {f.resSuffix}
              </span>
              <button type="button" className="sf-link" onClick={() => void download(f)} data-testid={`${testId}-download`}>
                {t('widgets.file.download')}
              </button>
              {disabled ? null : (
                <button type="button" className="sf-link danger" disabled={loading} onClick={() => void remove(f)} data-testid={`${testId}-remove`}>
                  {t('widgets.file.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
