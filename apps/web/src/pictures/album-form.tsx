import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Form, Modal } from 'semantic-ui-react';
import { ALBUM_SCOPES, type AlbumDetail, type AlbumInput, albumInputSchema, type AlbumList, type AlbumValues, RoleCode } from '@schoolflow/contracts';
import { FieldError } from '../components/form-field.js';
import { webMessages } from '../i18n/use-t.js';
import { fieldMessage } from '../util/form-errors.js';
import { useSaveAlbum } from './use-album-commands.js';
import { usePicturesT } from './use-pictures-t.js';

/** New or edit an album: title, description, scope (a class for a class album), the roles that see it, on the home page. */
export function AlbumForm({ album, creatable, onClose, onSaved }: { album: AlbumDetail | null; creatable: AlbumList['creatable']; onClose: () => void; onSaved: (id: string) => void }) {
  const { p, lang } = usePicturesT();
  const save = useSaveAlbum();
  const scopes = ALBUM_SCOPES.filter((s) => creatable.school || s === 'class');
  const { register, control, handleSubmit, formState } = useForm<AlbumInput, unknown, AlbumValues>({
    defaultValues: album ? { title: album.title, description: album.description, scope: album.scope, classId: album.classId ?? '', roles: album.roles, onHome: album.onHome } : { title: '', description: '', scope: scopes[0] ?? 'class', classId: '', roles: [], onHome: false },
    resolver: zodResolver(albumInputSchema),
  });
  const scope = useWatch({ control, name: 'scope' });
  const roleNames: Record<string, string> = webMessages(lang).roleNames;
  const submit = handleSubmit(async (values) => {
    const res = await save.mutateAsync({ id: album?.id ?? null, body: values }).catch(() => null);
    if (res?.data) onSaved(res.data.id);
  });
  const errors = formState.errors;
  return (
    <Modal open size="small" onClose={onClose} data-testid="album-form">
      <Modal.Header>{album ? p('page.editAlbum') : p('page.newAlbum')}</Modal.Header>
      <Modal.Content>
        <Form onSubmit={() => void submit()} id="album-form" error={save.isError}>
          <Form.Field required>
            <label htmlFor="album-title">{p('fields.title')}</label>
            <input id="album-title" data-testid="album-title" {...register('title')} />
            <FieldError testId="album-title-error" error={fieldMessage(errors.title)} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="album-description">{p('fields.description')}</label>
            <textarea id="album-description" rows={2} {...register('description')} />
            <FieldError testId="album-description-error" error={fieldMessage(errors.description)} />
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field required>
              <label htmlFor="album-scope">{p('fields.scope')}</label>
              <select id="album-scope" data-testid="album-scope" {...register('scope')}>
                {scopes.map((s) => (
                  <option key={s} value={s}>
                    {p(`scopes.${s}`)}
                  </option>
                ))}
              </select>
            </Form.Field>
            {scope === 'class' ? (
              <Form.Field required>
                <label htmlFor="album-class">{p('fields.classId')}</label>
                <select id="album-class" data-testid="album-class" {...register('classId')}>
                  <option value="" />
                  {creatable.classes.map((c) => (
                    <option key={c.id} value={c.id}>
                      {lang === 'en' ? c.name.en : c.name.zh}
                    </option>
                  ))}
                </select>
                <FieldError testId="album-class-error" error={fieldMessage(errors.classId)} />
              </Form.Field>
            ) : null}
          </Form.Group>
          <Form.Field>
            <label>{p('fields.roles')}</label>
            <Controller
              control={control}
              name="roles"
              render={({ field }) => (
                <div className="sf-album-roles">
                  {Object.values(RoleCode).map((code) => (
                    <Checkbox
                      key={code}
                      label={roleNames[code] ?? code}
                      checked={(field.value ?? []).includes(code)}
                      onChange={(_, d) => field.onChange(d.checked ? [...(field.value ?? []), code] : (field.value ?? []).filter((r) => r !== code))}
                    />
                  ))}
                </div>
              )}
            />
            <div className="sf-sub">{p('fields.rolesHint')}</div>
          </Form.Field>
          <Form.Field>
            <Controller control={control} name="onHome" render={({ field }) => <Checkbox toggle label={p('fields.onHome')} checked={field.value === true} onChange={(_, d) => field.onChange(d.checked === true)} data-testid="album-on-home" />} />
          </Form.Field>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {p('actions.cancel')}
        </Button>
        <Button primary type="submit" form="album-form" loading={save.isPending} data-testid="album-save">
          {album ? p('actions.save') : p('actions.create')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
