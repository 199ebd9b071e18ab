import { useRef, useState, type ChangeEvent } from 'react';
import { Icon, Modal } from 'semantic-ui-react';
import type { FileRef, UploadRules } from '../api/file-api.js';
import { errorMessage } from '../api/http.js';
import { useT, type Translator } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';
import { AuthImage } from './auth-image.js';
import { confirmAction } from './confirm-dialog.js';
import { useBusyTracker } from './use-busy-tracker.js';
import { useRemoveFile, useUploadFiles } from './use-files.js';

interface Props {
  value: readonly FileRef[];
  onChange: (next: FileRef[]) => void;
  rules: UploadRules;
  /** Prefix of the data-testids: `<id>` (the area), `<id>-input`, `<id>-item`, `<id>-remove`. */
  testId: string;
  disabled?: boolean;
  /** Reports an upload or removal in progress (the form waits for it). */
  onBusy?: (busy: boolean) => void;
}

function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i).toLowerCase();
}

/** The first rule a chosen file breaks (docs/product/shell-and-sign-in.md#picture-upload, in its order), or null. */
export function pictureProblem(file: { name: string; size: number }, rules: UploadRules, t: Translator['t']): string | null {
  if (file.size === 0) return t('upload.pictureEmpty');
  if (rules.maxSizeKb > 0 && file.size > rules.maxSizeKb * 1024) return t('upload.pictureTooLarge', { max: rules.maxSizeKb });
  if (!rules.types.includes(extensionOf(file.name))) return t('upload.pictureType', { types: rules.types.join(',') });
  return null;
}

/** Picture upload field (docs/product/shell-and-sign-in.md#picture-upload): checks before sending, thumbnails, removal after a confirmation. */
export function PictureUpload({ value, onChange, rules, testId, disabled = false, onBusy }: Props) {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<FileRef | null>(null);
  const full = rules.limit > 0 && value.length >= rules.limit;
  const upload = useUploadFiles();
  const removal = useRemoveFile();
  const busy = upload.isPending || removal.isPending;
  const tracked = useBusyTracker(onBusy);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file may be chosen again after a refusal
    if (files.length === 0) return;
    if (rules.limit > 0 && value.length + files.length > rules.limit) {
      toast.warning(t('upload.pictureTooMany', { limit: rules.limit }));
      return;
    }
    for (const f of files) {
      const problem = pictureProblem(f, rules, t);
      if (problem) {
        toast.warning(problem);
        return;
      }
    }
    try {
      const saved = await tracked(() => upload.mutateAsync({ files, rules }));
      onChange([...value, ...saved]);
    } catch (err) {
      toast.warning(errorMessage(err)); // upload failures are warnings (docs/product/shell-and-sign-in.md#errors-and-reactions)
    }
  };

  const remove = async (file: FileRef) => {
    if (!(await confirmAction(t('upload.removeConfirm')))) {
      toast.info(t('upload.removeCancelled'));
      return;
    }
    try {
      await tracked(() => removal.mutateAsync(file.resId));
      onChange(value.filter((f) => f.resId !== file.resId));
      toast.success(t('upload.removed'));
    } catch (err) {
      toast.warning(errorMessage(err));
    }
  };

  return (
    <div className="sf-pictures" data-testid={testId} data-count={value.length}>
      {value.map((f) => (
        <div key={f.resId} className="sf-picture" data-testid={`${testId}-item`} data-res-id={f.resId}>
          <button type="button" className="sf-picture-view" title={t('upload.preview')} onClick={() => setPreview(f)}>
            <AuthImage resId={f.resId} alt={`${f.resName}${f.resSuffix}`} className="sf-picture-img" />
          </button>
          {disabled ? null : (
            <button
              type="button"
              className="sf-picture-remove"
              title={t('upload.remove')}
              aria-label={t('upload.remove')}
              disabled={busy}
              data-testid={`${testId}-remove`}
              onClick={() => void remove(f)}
            >
              <Icon name="trash alternate outline" />
            </button>
          )}
        </div>
      ))}
      {full || disabled ? null : (
        <label className={`sf-picture-add ${busy ? 'busy' : ''}`} title={t('upload.add')}>
          <Icon name={busy ? 'spinner' : 'plus'} loading={busy} size="large" />
          <span>{busy ? t('upload.uploading') : t('upload.add')}</span>
          <input
            ref={input}
            type="file"
            accept={rules.types.join(',')}
            multiple
            hidden
            disabled={busy}
            data-testid={`${testId}-input`}
            onChange={(e) => void choose(e)}
          />
        </label>
      )}
      {disabled ? null : <div className="sf-pictures-hint">{t('upload.hint', { limit: rules.limit, types: rules.types.join(' '), max: rules.maxSizeKb })}</div>}
      <Modal open={preview !== null} onClose={() => setPreview(null)} closeIcon size="small" data-testid={`${testId}-preview`}>
        <Modal.Content className="sf-picture-preview">{preview ? <AuthImage resId={preview.resId} alt={`${preview.resName}${preview.resSuffix}`} /> : null}</Modal.Content>
      </Modal>
    </div>
  );
}
