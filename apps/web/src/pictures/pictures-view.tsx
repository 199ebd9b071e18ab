import { useRef, useState } from 'react';
import { Button, Icon, Label, Segment } from 'semantic-ui-react';
import { type AlbumDetail, type AlbumView, PICTURE_LIMITS } from '@schoolflow/contracts';
import { AuthImage } from '../components/auth-image.js';
import { confirmAction } from '../components/confirm-store.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import { SortableItems } from '../components/sortable-items.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { AlbumForm } from './album-form.js';
import { useOrderPictures, useRemoveAlbum, useRemovePicture, useSetCaption, useSetCover, useUploadPictures } from './use-album-commands.js';
import { useAlbum, useAlbums } from './use-album-queries.js';
import { usePicturesT } from './use-pictures-t.js';
import './pictures.css';

/**
 * 图片管理 (`/pictures`; docs/product/campus-life.md#pictures): the albums one sees as covers; one opened shows its
 * pictures as thumbnails — for its managers with upload (through the file service, thumbnails made here), drag to
 * reorder, captions, the cover and deletion.
 */
export default function PicturesView({ active }: ViewProps) {
  const { p } = usePicturesT();
  // the album opened (`?album=`)
  const [openId, setOpenId] = useViewParam('album', '', textParam);
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<'new' | AlbumDetail>();
  const list = useAlbums(active);
  const creatable = list.data?.creatable ?? { school: false, classes: [] };
  const mayCreate = creatable.school || creatable.classes.length > 0;
  return (
    <div className="sf-page sf-pictures" data-testid="pictures-view">
      <Segment className="sf-card">
        {openId ? (
          <AlbumPanel id={openId} onBack={() => setOpenId('')} onEdit={(a) => openEditor(a)} />
        ) : (
          <>
            <div className="sf-pictures-head">
              <h3>{p('page.title')}</h3>
              {mayCreate ? (
                <Button primary size="small" icon="plus" content={p('page.newAlbum')} onClick={() => openEditor('new')} data-testid="album-new" />
              ) : null}
            </div>
            {list.isPending ? (
              <PageLoader />
            ) : (list.data?.albums ?? []).length === 0 ? (
              <EmptyState icon="images outline" text={p('page.empty')} testId="albums-empty" />
            ) : (
              <div className="sf-albums" data-testid="albums">
                {(list.data?.albums ?? []).map((a) => (
                  <AlbumCard key={a.id} album={a} onOpen={() => setOpenId(a.id)} />
                ))}
              </div>
            )}
          </>
        )}
      </Segment>
      {editing ? (
        <AlbumForm
          album={editing === 'new' ? null : editing}
          creatable={creatable}
          onClose={closeEditor}
          onSaved={(id) => {
            closeEditor();
            setOpenId(id);
          }}
        />
      ) : null}
    </div>
  );
}

function AlbumCard({ album, onOpen }: { album: AlbumView; onOpen: () => void }) {
  const { p, lang } = usePicturesT();
  return (
    <button type="button" className="sf-album" onClick={onOpen} data-testid="album-card" data-id={album.id}>
      <span className="sf-album-cover">{album.coverResId ? <AuthImage resId={album.coverResId} alt={album.title} /> : <Icon name="images outline" size="huge" />}</span>
      <span className="sf-album-title">{album.title}</span>
      <span className="sf-sub">
        <Label size="mini" basic>
          {p(`scopes.${album.scope}`)}
        </Label>
        {album.className ? (lang === 'en' ? album.className.en : album.className.zh) : null} · {p('page.count', { n: album.count })}
      </span>
    </button>
  );
}

function AlbumPanel({ id, onBack, onEdit }: { id: string; onBack: () => void; onEdit: (a: AlbumDetail) => void }) {
  const { p } = usePicturesT();
  const album = useAlbum(id);
  const upload = useUploadPictures();
  const order = useOrderPictures();
  const cover = useSetCover();
  const caption = useSetCaption();
  const removePicture = useRemovePicture();
  const removeAlbum = useRemoveAlbum();
  const input = useRef<HTMLInputElement>(null);
  const [local, setLocal] = useState<string[] | null>(null);
  const a = album.data;
  if (!a) return album.isPending ? <PageLoader /> : <EmptyState icon="images outline" text={p('errors.notFound')} testId="album-missing" />;
  const byId = new Map(a.pictures.map((x) => [x.id, x]));
  const ids = local ?? a.pictures.map((x) => x.id);
  const coverId = a.coverPictureId ?? a.pictures[0]?.id ?? null;
  const onFiles = (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (input.current) input.current.value = '';
    if (chosen.length > 0) upload.mutate({ albumId: a.id, files: chosen });
  };
  return (
    <div data-testid="album-panel" data-id={a.id}>
      <div className="sf-pictures-head">
        <Button basic size="small" icon="angle left" content={p('page.back')} onClick={onBack} data-testid="album-back" />
        <h3 data-testid="album-heading">{a.title}</h3>
        {a.manageable ? (
          <span className="sf-pictures-actions">
            <input ref={input} type="file" accept={PICTURE_LIMITS.types.join(',')} multiple hidden onChange={(e) => onFiles(e.target.files)} data-testid="album-file-input" />
            <Button primary size="small" icon="upload" content={p('actions.upload')} loading={upload.isPending} onClick={() => input.current?.click()} data-testid="album-upload" />
            <Button basic size="small" icon="edit" content={p('actions.edit')} onClick={() => onEdit(a)} data-testid="album-edit" />
            <Button
              basic
              negative
              size="small"
              icon="trash"
              content={p('actions.removeAlbum')}
              data-testid="album-remove"
              onClick={() =>
                void confirmAction(p('confirm.removeAlbum', { title: a.title })).then((yes) => {
                  if (yes) removeAlbum.mutate(a.id, { onSuccess: onBack });
                })
              }
            />
          </span>
        ) : null}
      </div>
      {a.description ? <p className="sf-sub">{a.description}</p> : null}
      {a.manageable ? <p className="sf-sub">{p('page.hint', { mb: PICTURE_LIMITS.bytes / 1024 / 1024, n: PICTURE_LIMITS.perUpload })}</p> : null}
      {a.pictures.length === 0 ? (
        <EmptyState icon="image outline" text={p('page.emptyAlbum')} testId="album-empty" />
      ) : (
        <SortableItems
          ids={ids}
          layout="grid"
          disabled={!a.manageable}
          className="sf-album-pic-grid"
          testId="picture-grid"
          onOrder={(next) => {
            setLocal(next);
            order.mutate({ albumId: a.id, ids: next }, { onSettled: () => setLocal(null) });
          }}
          render={(pid) => {
            const pic = byId.get(pid);
            if (!pic) return null;
            return (
              <div className="sf-album-pic" data-testid="picture" data-id={pid}>
                <AuthImage resId={pic.thumbResId} alt={pic.caption || a.title} className="sf-album-pic-thumb" testId="picture-thumb" />
                {pid === coverId ? (
                  <Label size="mini" color="teal" className="sf-album-pic-cover" data-testid="picture-cover">
                    {p('fields.cover')}
                  </Label>
                ) : null}
                {a.manageable ? (
                  <>
                    <input
                      className="sf-album-pic-caption"
                      defaultValue={pic.caption}
                      placeholder={p('fields.caption')}
                      aria-label={p('fields.caption')}
                      maxLength={PICTURE_LIMITS.captionMax}
                      onPointerDown={(e) => e.stopPropagation()}
                      onKeyDown={(e) => e.stopPropagation()}
                      onBlur={(e) => {
                        if (e.target.value.trim() !== pic.caption) caption.mutate({ pictureId: pid, caption: e.target.value });
                      }}
                    />
                    <span className="sf-album-pic-tools" onPointerDown={(e) => e.stopPropagation()}>
                      <Button basic size="mini" icon="star outline" title={p('actions.setCover')} aria-label={p('actions.setCover')} onClick={() => cover.mutate({ albumId: a.id, pictureId: pid })} />
                      <Button
                        basic
                        negative
                        size="mini"
                        icon="trash"
                        title={p('actions.remove')}
                        aria-label={p('actions.remove')}
                        data-testid="picture-remove"
                        onClick={() =>
                          void confirmAction(p('confirm.removePicture')).then((yes) => {
                            if (yes) removePicture.mutate(pid);
                          })
                        }
                      />
                    </span>
                  </>
                ) : pic.caption ? (
                  <span className="sf-album-pic-caption-text">{pic.caption}</span>
                ) : null}
              </div>
            );
          }}
        />
      )}
    </div>
  );
}
