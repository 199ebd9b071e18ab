import { Inject, Injectable } from '@nestjs/common';
import { type AlbumDetail, type AlbumList, type AlbumView, formatSchoolTime, type HomePicture, PICTURE_LIMITS } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { PicturesAccess } from '../domain/pictures-access.js';
import { type AlbumRecord, PicturesRepository } from '../domain/pictures.repository.js';
import { PicturesErrors } from '../pictures.errors.js';

/** The albums one sees (docs/product/campus-life.md#pictures): the list, one album with its pictures, the home page's carousel. */
@Injectable()
export class AlbumViews {
  constructor(
    private readonly db: DataSource,
    private readonly albums: PicturesRepository,
    private readonly access: PicturesAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(me: Principal): Promise<AlbumList> {
    const manage = this.access.manages(me);
    const [albums, classes] = await Promise.all([this.albums.albums(this.db, me, manage), this.albums.creatableClasses(this.db, me.userId, manage)]);
    return { albums: albums.map((a) => this.view(a)), creatable: { school: manage, classes: classes.map((c) => ({ id: c.id, name: { zh: c.zh, en: c.en || c.zh } })) } };
  }

  /** One album with its pictures in order; 404 when the caller does not see it. */
  async detail(id: string, me: Principal): Promise<AlbumDetail> {
    const album = await this.albums.album(this.db, id, me, this.access.manages(me));
    if (!album) throw PicturesErrors.notFound();
    const pictures = await this.albums.pictures(this.db, id);
    return {
      ...this.view(album),
      pictures: pictures.map((p) => ({ id: p.id, resId: p.res_id, thumbResId: p.thumb_res_id ?? p.res_id, caption: p.caption, position: p.position, usedBy: p.used_by })),
    };
  }

  home(me: Principal): Promise<HomePicture[]> {
    return this.albums.home(this.db, me, this.access.manages(me), PICTURE_LIMITS.homeShown);
  }

  private view(a: AlbumRecord): AlbumView {
    return {
      id: a.id,
      title: a.title,
      description: a.description,
      scope: a.scope,
      classId: a.class_id,
      className: a.class_id ? { zh: a.class_zh ?? '', en: a.class_en || a.class_zh || '' } : null,
      roles: a.roles,
      onHome: a.on_home,
      coverResId: a.cover_res_id,
      coverPictureId: a.cover_id,
      count: a.count,
      manageable: a.editable,
      createdAt: formatSchoolTime(a.created_at.getTime(), this.config.timeZone),
    };
  }
}
