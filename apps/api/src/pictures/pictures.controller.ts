import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  albumCoverSchema,
  type AlbumDetail,
  albumInputSchema,
  type AlbumList,
  type AlbumValues,
  type Envelope,
  type HomePicture,
  isUuid,
  type Language,
  pictureAddSchema,
  pictureCaptionSchema,
  pictureOrderSchema,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { ManageAlbums } from './commands/manage-albums.handler.js';
import { ManagePictures } from './commands/manage-pictures.handler.js';
import { PicturesErrors } from './pictures.errors.js';
import { AlbumViews } from './queries/album-views.query.js';

/** An id in the path: anything that is not one is an album or picture that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw PicturesErrors.notFound();
  return id;
};

/**
 * 图片管理 (DESIGN §15 `/server/api/pictures`; docs/product/campus-life.md#pictures): albums one sees, and for their
 * managers the albums' pictures. The files come from `/file/upload` (its limits and content checks); permission and
 * ownership are the use cases'.
 */
@ApiTags('pictures')
@Controller('api/pictures')
export class PicturesController {
  constructor(
    private readonly views: AlbumViews,
    private readonly albums: ManageAlbums,
    private readonly pictures: ManagePictures,
  ) {}

  @Get('albums')
  @ApiOperation({ summary: 'Albums I see, newest first, and what I may create' })
  async list(@CurrentUser() me: Principal): Promise<Envelope<AlbumList>> {
    return ok(await this.views.list(me));
  }

  @Post('albums')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an album: school-wide or activity (pictures:manage), or a class\'s (its head teacher, or pictures:manage)' })
  async create(@ValidBody(albumInputSchema) body: AlbumValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AlbumDetail>> {
    return ok(await this.albums.create(body, me, client), translate(lang, 'pictures.results.created'));
  }

  @Get('home')
  @ApiOperation({ summary: 'The home page carousel: pictures of albums shown on the home page that I see (at most 10)' })
  async home(@CurrentUser() me: Principal): Promise<Envelope<HomePicture[]>> {
    return ok(await this.views.home(me));
  }

  @Get('albums/:id')
  @ApiOperation({ summary: 'One album I see, with its pictures in order' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<AlbumDetail>> {
    return ok(await this.views.detail(known(id), me));
  }

  @Put('albums/:id')
  @ApiOperation({ summary: 'Edit an album I manage' })
  async update(@Param('id') id: string, @ValidBody(albumInputSchema) body: AlbumValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AlbumDetail>> {
    return ok(await this.albums.update(known(id), body, me, client), translate(lang, 'pictures.results.saved'));
  }

  @Delete('albums/:id')
  @ApiOperation({ summary: 'Delete an album I manage with its pictures (refused while a post uses one)' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.albums.remove(known(id), me, client);
    return ok(undefined, translate(lang, 'pictures.results.albumRemoved'));
  }

  @Post('albums/:id/pictures')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add up to 9 of my uploads (JPG/PNG by content, ≤ 2 MB), each with an optional thumbnail upload and caption' })
  async add(@Param('id') id: string, @ValidBody(pictureAddSchema) body: z.output<typeof pictureAddSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AlbumDetail>> {
    return ok(await this.pictures.add(known(id), body, me, client), translate(lang, 'pictures.results.uploaded', { n: body.pictures.length }));
  }

  @Post('albums/:id/order')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reorder: every picture of the album, once each' })
  async order(@Param('id') id: string, @ValidBody(pictureOrderSchema) body: z.output<typeof pictureOrderSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AlbumDetail>> {
    return ok(await this.pictures.order(known(id), body.ids, me, client), translate(lang, 'pictures.results.ordered'));
  }

  @Post('albums/:id/cover')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the album\'s cover' })
  async cover(@Param('id') id: string, @ValidBody(albumCoverSchema) body: z.output<typeof albumCoverSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AlbumDetail>> {
    return ok(await this.pictures.cover(known(id), body.pictureId, me, client), translate(lang, 'pictures.results.cover'));
  }

  @Put('pictures/:id')
  @ApiOperation({ summary: 'A picture\'s caption' })
  async caption(@Param('id') id: string, @ValidBody(pictureCaptionSchema) body: z.output<typeof pictureCaptionSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AlbumDetail>> {
    return ok(await this.pictures.caption(known(id), body.caption, me, client), translate(lang, 'pictures.results.caption'));
  }

  @Delete('pictures/:id')
  @ApiOperation({ summary: 'Delete a picture (refused, naming the post, while a post uses it)' })
  async removePicture(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AlbumDetail>> {
    return ok(await this.pictures.remove(known(id), me, client), translate(lang, 'pictures.results.removed'));
  }
}
