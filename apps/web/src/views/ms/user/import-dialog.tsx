import { useT } from '../../../i18n/use-t.js';
import { ImportFileDialog } from '../../../resources/import-dialog.js';
import { useImport } from '../../../resources/use-import-resource.js';
import { downloadUserTemplate, uploadUsers } from './use-user-files.js';

/** Import users from one Excel file, on the kit's import dialog: upload with progress, then the count or the rows' problems. */
export function UserImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useT();
  const importer = useImport(uploadUsers, onImported);
  return (
    <ImportFileDialog
      open={open}
      onClose={onClose}
      importer={importer}
      template={{ pending: false, download: () => void downloadUserTemplate() }}
      maxKb={0}
      testId="user-import"
      uploadingTestId="user-import-progress"
      submitTestId="user-import-upload"
      texts={{
        title: t('users.importTitle'),
        hint: t('users.importHint'),
        template: t('users.template'),
        chooseFile: t('users.chooseFile'),
        fileType: t('users.fileType'),
        fileEmpty: t('users.fileEmpty'),
        uploading: t('users.uploading'),
        imported: (count) => t('users.imported', { count }),
        errors: (count, imported) => `${imported > 0 ? `${t('users.imported', { count: imported })}; ` : ''}${t('users.importErrors', { count })}`,
        row: t('users.errRow'),
        column: t('users.errColumn'),
        error: t('users.errMessage'),
        close: t('admin.close'),
        submit: t('users.upload'),
      }}
    />
  );
}
