import { Injectable } from '@nestjs/common';
import { type AlbumDetail, PICTURE_LIMITS, type PictureAddInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { PicturesAccess } from '../domain/pictures-access.js';
import { PicturesRepository } from '../domain/pictures.repository.js';
import { PicturesErrors } from '../pictures.errors.js';
import { AlbumViews } from '../queries/album-views.query.js';
import { ManageAlbums } from './manage-albums.handler.js';

type Added = { resId: string; thumbResId: string | null; caption: string };

/**
 * An album's pictures (docs/product/campus-life.md#pictures): files uploaded through the file service become pictures
 * — the caller's own, JPG/PNG by their bytes (the file service decided the type from them), within the size limit,
 * the album within its count — then captions, order, cover and deletion, which is refused while a post uses the
 * picture. Every change to one album's pictures holds its row, in turn.
 */
@Injectable()
export class ManagePictures {
  constructor(
    private readonly db: DataSource,
    private readonly albums: PicturesRepository,
    private readonly access: PicturesAccess,
    private readonly albumUse: ManageAlbums,
    private readonly views: AlbumViews,
  ) {}

  async add(albumId: string, input: { pictures: Added[] } & PictureAddInput, me: Principal, client: ClientInfo): Promise<AlbumDetail> {
    const action = 'pictures.add';
    await this.db.transaction(async (tx) => {
      await this.albumUse.editable(albumId, me, client, action, tx);
      const ids = [...new Set(input.pictures.flatMap((p) => [p.resId, ...(p.thumbResId ? [p.thumbResId] : [])]))];
      const files = await this.albums.ownUploads(tx, ids, me.userId);
      if (files.length !== ids.length) throw await this.access.refuse(me, client, action, albumId, PicturesErrors.notYours());
      if (files.some((f) => !(PICTURE_LIMITS.mimes as readonly string[]).includes(f.mime) || Number(f.size) > PICTURE_LIMITS.bytes)) throw await this.access.refuse(me, client, action, albumId, PicturesErrors.notPicture());
      const present = await this.albums.pictures(tx, albumId);
      if (present.length + input.pictures.length > PICTURE_LIMITS.perAlbum) throw await this.access.refuse(me, client, action, albumId, PicturesErrors.albumFull());
      await this.albums.addPictures(tx, albumId, input.pictures, me.userId);
    });
    await this.access.record(me, client, action, albumId, { count: input.pictures.length });
    return this.views.detail(albumId, me);
  }

  async order(albumId: string, ids: readonly string[], me: Principal, client: ClientInfo): Promise<AlbumDetail> {
    const action = 'pictures.order';
    await this.db.transaction(async (tx) => {
      await this.albumUse.editable(albumId, me, client, action, tx);
      const present = (await this.albums.pictures(tx, albumId)).map((p) => p.id);
      const same = ids.length === present.length && new Set(ids).size === ids.length && ids.every((id) => present.includes(id));
      if (!same) throw await this.access.refuse(me, client, action, albumId, PicturesErrors.orderMismatch());
      await this.albums.setOrder(tx, ids);
    });
    await this.access.record(me, client, action, albumId, { count: ids.length });
    return this.views.detail(albumId, me);
  }

  async cover(albumId: string, pictureId: string, me: Principal, client: ClientInfo): Promise<AlbumDetail> {
    const action = 'pictures.cover';
    await this.db.transaction(async (tx) => {
      await this.albumUse.editable(albumId, me, client, action, tx);
      if ((await this.albums.albumOf(tx, pictureId)) !== albumId) throw await this.access.refuse(me, client, action, albumId, PicturesErrors.notFound());
      await this.albums.setCover(tx, albumId, pictureId);
    });
    await this.access.record(me, client, action, albumId, { pictureId });
    return this.views.detail(albumId, me);
  }

  async caption(pictureId: string, caption: string, me: Principal, client: ClientInfo): Promise<AlbumDetail> {
    const albumId = await this.albumOf(pictureId, me, client, 'pictures.caption');
    await this.db.transaction(async (tx) => {
      await this.albumUse.editable(albumId, me, client, 'pictures.caption', tx);
      await this.albums.setCaption(tx, pictureId, caption);
    });
    await this.access.record(me, client, 'pictures.caption', pictureId, { caption });
    return this.views.detail(albumId, me);
  }

  /** Refused with the post's title while a post attaches the picture (the post's record needs its file). */
  async remove(pictureId: string, me: Principal, client: ClientInfo): Promise<AlbumDetail> {
    const action = 'pictures.delete';
    const albumId = await this.albumOf(pictureId, me, client, action);
    await this.db.transaction(async (tx) => {
      await this.albumUse.editable(albumId, me, client, action, tx);
      const picture = (await this.albums.pictures(tx, albumId)).find((p) => p.id === pictureId);
      if (!picture) throw await this.access.refuse(me, client, action, pictureId, PicturesErrors.notFound());
      const used = await this.albums.postUsing(tx, [picture.res_id]);
      if (used !== null) throw await this.access.refuse(me, client, action, pictureId, PicturesErrors.usedByPost(used));
      await this.albums.deletePicture(tx, pictureId);
    });
    await this.access.record(me, client, action, pictureId, { albumId });
    return this.views.detail(albumId, me);
  }

  private async albumOf(pictureId: string, me: Principal, client: ClientInfo, action: string): Promise<string> {
    const albumId = await this.albums.albumOf(this.db, pictureId);
    if (albumId === null) throw await this.access.refuse(me, client, action, pictureId, PicturesErrors.notFound());
    return albumId;
  }
}
