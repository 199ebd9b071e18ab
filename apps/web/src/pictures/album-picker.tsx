import { useState } from 'react';
import { Button, Icon, Modal } from 'semantic-ui-react';
import { AuthImage } from '../components/auth-image.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { useAlbum, useAlbums } from './use-album-queries.js';
import { usePicturesT } from './use-pictures-t.js';
import './pictures.css';

/**
 * 从相册选择: the post editor's way to attach pictures of an album the author sees (docs/product/campus-life.md#pictures)
 * — an album chosen, its pictures ticked (at most `max`), their files handed to the editor's pictures.
 */
export function AlbumPicker({ max, picked, onPick, onUnpick, testId = 'album-picker' }: { max: number; picked: readonly string[]; onPick: (resIds: string[]) => void; onUnpick: (resId: string) => void; testId?: string }) {
  const { p } = usePicturesT();
  const dialog = useDisclosure();
  const [albumId, setAlbumId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const albums = useAlbums(dialog.opened);
  const album = useAlbum(dialog.opened ? albumId : null);
  const close = () => {
    dialog.close();
    setAlbumId(null);
    setChosen([]);
  };
  const toggle = (resId: string) => setChosen((c) => (c.includes(resId) ? c.filter((x) => x !== resId) : c.length < max ? [...c, resId] : c));
  return (
    <>
      <Button type="button" basic size="small" icon="images outline" content={p('picker.open')} disabled={max <= 0} onClick={dialog.open} data-testid={testId} />
      {picked.length > 0 ? (
        <div className="sf-album-picked" data-testid={`${testId}-picked`}>
          {picked.map((resId) => (
            <span key={resId} className="sf-album-picked-item">
              <AuthImage resId={resId} alt="" className="sf-album-picked-thumb" />
              <button type="button" className="sf-link danger" aria-label={p('actions.remove')} title={p('actions.remove')} onClick={() => onUnpick(resId)}>
                <Icon name="close" />
              </button>
            </span>
          ))}
        </div>
      ) : null}
      {dialog.opened ? (
        <Modal open size="small" onClose={close} data-testid={`${testId}-modal`}>
          <Modal.Header>{albumId && album.data ? album.data.title : p('picker.title')}</Modal.Header>
          <Modal.Content scrolling>
            {albumId === null ? (
              albums.isPending ? (
                <PageLoader />
              ) : (albums.data?.albums ?? []).filter((a) => a.count > 0).length === 0 ? (
                <EmptyState icon="images outline" text={p('page.empty')} testId={`${testId}-empty`} />
              ) : (
                <div className="sf-albums">
                  {(albums.data?.albums ?? [])
                    .filter((a) => a.count > 0)
                    .map((a) => (
                      <button key={a.id} type="button" className="sf-album" onClick={() => setAlbumId(a.id)} data-testid={`${testId}-album`} data-id={a.id}>
                        <span className="sf-album-cover">{a.coverResId ? <AuthImage resId={a.coverResId} alt={a.title} /> : <Icon name="images outline" size="huge" />}</span>
                        <span className="sf-album-title">{a.title}</span>
                        <span className="sf-sub">{p('page.count', { n: a.count })}</span>
                      </button>
                    ))}
                </div>
              )
            ) : !album.data ? (
              <PageLoader />
            ) : (
              <div className="sf-album-pic-grid">
                {album.data.pictures.map((pic) => (
                  <button key={pic.id} type="button" className={`sf-album-pic sf-album-pick ${chosen.includes(pic.resId) ? 'chosen' : ''}`} onClick={() => toggle(pic.resId)} aria-pressed={chosen.includes(pic.resId)} data-testid={`${testId}-picture`} data-id={pic.id}>
                    <AuthImage resId={pic.thumbResId} alt={pic.caption || album.data.title} className="sf-album-pic-thumb" />
                    {chosen.includes(pic.resId) ? <Icon name="check circle" color="green" className="sf-album-pick-mark" /> : null}
                    {pic.caption ? <span className="sf-album-pic-caption-text">{pic.caption}</span> : null}
                  </button>
                ))}
              </div>
            )}
          </Modal.Content>
          <Modal.Actions>
            {albumId !== null ? (
              <Button type="button" basic floated="left" icon="angle left" content={p('page.back')} onClick={() => setAlbumId(null)} />
            ) : null}
            <Button type="button" onClick={close}>
              {p('actions.cancel')}
            </Button>
            <Button
              type="button"
              primary
              disabled={chosen.length === 0}
              onClick={() => {
                onPick(chosen);
                close();
              }}
              data-testid={`${testId}-confirm`}
            >
              {p('picker.confirm', { n: chosen.length, max })}
            </Button>
          </Modal.Actions>
        </Modal>
      ) : null}
    </>
  );
}
