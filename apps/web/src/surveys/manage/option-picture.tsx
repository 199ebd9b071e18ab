import { type ChangeEvent } from 'react';
import { Icon } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { AuthImage } from '../../components/auth-image.js';
import { useUploadFiles } from '../../components/use-files.js';
import { toast } from '../../util/toast.js';
import { PICTURE_RULES, pictureRefusal } from './designer-model.js';
import { useSurveysT } from './use-manage-t.js';

/**
 * An option's picture: a JPG of at most 2 MB (the spec's rule). A file breaking it is refused here with the spec's
 * message before anything is sent; the server checks the stored file again when the questionnaire is saved.
 */
export function OptionPicture({ value, onChange, disabled, testId, onBusy }: { value: string; onChange: (resId: string) => void; disabled: boolean; testId: string; onBusy: (busy: boolean) => void }) {
  const { s } = useSurveysT();
  const upload = useUploadFiles();
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a refusal
    if (!file) return;
    const refusal = pictureRefusal(file);
    if (refusal) {
      toast.warning(s(`errors.${refusal.key}`, refusal.vars));
      return;
    }
    onBusy(true);
    try {
      const [saved] = await upload.mutateAsync({ files: [file], rules: PICTURE_RULES });
      if (saved) onChange(saved.resId);
    } catch (err) {
      toast.warning(errorMessage(err));
    } finally {
      onBusy(false);
    }
  };
  if (value) {
    return (
      <span className="sf-option-picture" data-testid={`${testId}-item`} data-res-id={value}>
        <AuthImage resId={value} alt={s('manage.designer.picture')} className="sf-option-picture-img" />
        {disabled ? null : (
          <button type="button" className="sf-link" title={s('manage.designer.removePicture')} aria-label={s('manage.designer.removePicture')} data-testid={`${testId}-remove`} onClick={() => onChange('')}>
            <Icon name="delete" />
          </button>
        )}
      </span>
    );
  }
  if (disabled) return null;
  return (
    <label className="ui mini basic button sf-option-picture-add" title={s('manage.designer.pictureHint')}>
      <Icon name={upload.isPending ? 'spinner' : 'image outline'} loading={upload.isPending} /> {s('manage.designer.addPicture')}
      <input type="file" accept={PICTURE_RULES.types.join(',')} hidden disabled={upload.isPending} data-testid={`${testId}-input`} onChange={(e) => void choose(e)} />
    </label>
  );
}
