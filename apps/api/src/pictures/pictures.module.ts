import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { ManageAlbums } from './commands/manage-albums.handler.js';
import { ManagePictures } from './commands/manage-pictures.handler.js';
import { PicturesAccess } from './domain/pictures-access.js';
import { PicturesRepository } from './domain/pictures.repository.js';
import { PicturesController } from './pictures.controller.js';
import { AlbumViews } from './queries/album-views.query.js';

/**
 * 图片管理 (DESIGN §15 `/server/api/pictures`; docs/product/campus-life.md#pictures,
 * docs/adr/0066-pictures-and-home-cards.md); refusals in pictures.errors.ts; files through the files module.
 */
@Module({
  controllers: [PicturesController],
  providers: [AdminAudit, PicturesRepository, PicturesAccess, AlbumViews, ManageAlbums, ManagePictures],
})
export class PicturesModule {}
