import { Injectable } from '@nestjs/common';
import type { AlbumDetail, AlbumValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Db } from '../../infrastructure/database/query-rows.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { PicturesAccess } from '../domain/pictures-access.js';
import { type AlbumRecord, PicturesRepository } from '../domain/pictures.repository.js';
import { PicturesErrors } from '../pictures.errors.js';
import { AlbumViews } from '../queries/album-views.query.js';

/**
 * Creating, editing and deleting albums (docs/adr/0066-pictures-and-home-cards.md#access): a school-wide or activity
 * album needs pictures:manage; a class album pictures:manage or being the class's head teacher. Checked before
 * anything is written; refusals and writes logged.
 */
@Injectable()
export class ManageAlbums {
  constructor(
    private readonly db: DataSource,
    private readonly albums: PicturesRepository,
    private readonly access: PicturesAccess,
    private readonly views: AlbumViews,
  ) {}

  async create(v: AlbumValues, me: Principal, client: ClientInfo): Promise<AlbumDetail> {
    await this.checkValues(v, me, client, 'pictures.album.create', null);
    const id = await this.albums.insertAlbum(this.db, v, me.userId);
    await this.access.record(me, client, 'pictures.album.create', id, { title: v.title, scope: v.scope, classId: v.classId });
    return this.views.detail(id, me);
  }

  async update(id: string, v: AlbumValues, me: Principal, client: ClientInfo): Promise<AlbumDetail> {
    await this.editable(id, me, client, 'pictures.album.update');
    await this.checkValues(v, me, client, 'pictures.album.update', id);
    await this.albums.updateAlbum(this.db, id, v);
    await this.access.record(me, client, 'pictures.album.update', id, { title: v.title, scope: v.scope, classId: v.classId, onHome: v.onHome });
    return this.views.detail(id, me);
  }

  /** Deleting an album deletes its pictures — refused while a post uses one of them. */
  async remove(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.db.transaction(async (tx) => {
      const album = await this.editable(id, me, client, 'pictures.album.delete', tx);
      const pictures = await this.albums.pictures(tx, id);
      const used = await this.albums.postUsing(tx, pictures.map((p) => p.res_id));
      if (used !== null) throw await this.access.refuse(me, client, 'pictures.album.delete', id, PicturesErrors.albumUsedByPost(used));
      await this.albums.deleteAlbum(tx, album.id);
    });
    await this.access.record(me, client, 'pictures.album.delete', id);
  }

  /** The album, locked when in a transaction, if the caller edits it: 404 when unseen, 403 when seen but not theirs. */
  async editable(id: string, me: Principal, client: ClientInfo, action: string, tx: Db = this.db): Promise<AlbumRecord> {
    const album = await this.albums.album(tx, id, me, this.access.manages(me), tx !== this.db);
    if (!album) throw await this.access.refuse(me, client, action, id, PicturesErrors.notFound());
    if (!album.editable) throw await this.access.refuse(me, client, action, id, PicturesErrors.forbidden());
    return album;
  }

  private async checkValues(v: AlbumValues, me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    const manage = this.access.manages(me);
    if (v.scope !== 'class' && !manage) throw await this.access.refuse(me, client, action, target, PicturesErrors.forbidden());
    if (v.classId !== null) {
      if (!(await this.albums.classExists(this.db, v.classId))) throw await this.access.refuse(me, client, action, target, PicturesErrors.classUnknown());
      if (!manage && !(await this.albums.headsClass(this.db, v.classId, me.userId))) throw await this.access.refuse(me, client, action, target, PicturesErrors.classForbidden());
    }
    const unknown = await this.albums.unknownRoles(this.db, v.roles);
    if (unknown.length > 0) throw await this.access.refuse(me, client, action, target, PicturesErrors.roleUnknown(unknown[0] as string));
  }
}
