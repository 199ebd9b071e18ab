import { Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  type FaceGroup,
  faceGroupSchema,
  type FaceGroupValues,
  type FaceRegistration,
  type FaceRegistrationQuery,
  faceRegistrationQuerySchema,
  type FaceRegisterQuery,
  faceRegisterQuerySchema,
  type FaceSettings,
  faceSettingsSchema,
  type FaceSettingsValues,
  type FaceVerification,
  fileUploadSchema,
  isUuid,
  type Language,
} from '@schoolflow/contracts';
import type { Request, Response } from 'express';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { MultipartBody, ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { FaceGroups } from './commands/face-groups.handler.js';
import { FaceRegistrations } from './commands/face-registrations.handler.js';
import { FaceSettingsHandler } from './commands/face-settings.handler.js';
import { FacePhotoUpload } from './domain/face-photo-upload.js';
import { FacesErrors } from './faces.errors.js';

function knownId(id: string, notFound: () => Error): string {
  if (!isUuid(id)) throw notFound();
  return id;
}

/**
 * 人脸识别 (DESIGN §15 `/server/api/faces`: groups, registrations, verify; docs/product/campus-life.md#face-recognition,
 * docs/adr/0063-face-recognition.md). Captures come as multipart `file` and are dropped once the model has read them.
 * Permission and ownership are the use cases'.
 */
@ApiTags('faces')
@Controller('api/faces')
export class FacesController {
  constructor(
    private readonly settings: FaceSettingsHandler,
    private readonly groups: FaceGroups,
    private readonly registrations: FaceRegistrations,
    private readonly photos: FacePhotoUpload,
  ) {}

  @Get('settings')
  @ApiOperation({ summary: 'The threshold, the check-in group, the liveness check and the model (anyone signed in)' })
  async readSettings(): Promise<Envelope<FaceSettings>> {
    return ok(await this.settings.read());
  }

  @Put('settings')
  @ApiOperation({ summary: 'Set the threshold, the check-in group and the liveness check (face:manage)' })
  async saveSettings(@ValidBody(faceSettingsSchema) body: FaceSettingsValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FaceSettings>> {
    return ok(await this.settings.save(body, me, client), translate(lang, 'faces.results.saved'));
  }

  @Get('groups')
  @ApiOperation({ summary: 'The groups with their members and how many faces each registered (face:manage)' })
  async listGroups(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<FaceGroup[]>> {
    return ok(await this.groups.list(me, client));
  }

  @Post('groups')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a group of people by account (face:manage)' })
  async createGroup(@ValidBody(faceGroupSchema) body: FaceGroupValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FaceGroup>> {
    return ok(await this.groups.save(null, body, me, client), translate(lang, 'faces.results.saved'));
  }

  @Put('groups/:id')
  @ApiOperation({ summary: 'Rename a group or set its members (face:manage)' })
  async updateGroup(@Param('id') id: string, @ValidBody(faceGroupSchema) body: FaceGroupValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FaceGroup>> {
    return ok(await this.groups.save(knownId(id, FacesErrors.groupNotFound), body, me, client), translate(lang, 'faces.results.saved'));
  }

  @Delete('groups/:id')
  @ApiOperation({ summary: 'Delete a group (the check-in then compares with one\'s own faces only) (face:manage)' })
  async deleteGroup(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.groups.remove(knownId(id, FacesErrors.groupNotFound), me, client);
    return ok(null, translate(lang, 'faces.results.deleted'));
  }

  @Get('registrations')
  @ApiOperation({ summary: 'Registered faces: mine, or everyone\'s (scope=all, face:manage); never the embeddings' })
  async listRegistrations(@ValidQuery(faceRegistrationQuerySchema) q: FaceRegistrationQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<FaceRegistration[]>> {
    return ok(await this.registrations.list(q, me, client));
  }

  @Post('registrations')
  @HttpCode(200)
  @MultipartBody(fileUploadSchema)
  @ApiOperation({ summary: 'Register a face from one JPEG/PNG (multipart "file"): mine, or ?account= someone\'s (face:manage); the photo is not kept' })
  async register(
    @ValidQuery(faceRegisterQuerySchema) q: FaceRegisterQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() me: Principal,
    @Client() client: ClientInfo,
    @Lang() lang: Language,
  ): Promise<Envelope<FaceRegistration>> {
    const subject = await this.registrations.subject(q, me, client);
    const bytes = await this.photos.bytes(me.userId, req, res);
    return ok(await this.registrations.register(bytes, subject, q, me, client), translate(lang, 'faces.results.registered'));
  }

  @Delete('registrations/:id')
  @ApiOperation({ summary: 'Delete a registered face: mine, or anyone\'s with face:manage' })
  async deleteRegistration(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.registrations.remove(knownId(id, FacesErrors.notFound), me, client);
    return ok(null, translate(lang, 'faces.results.deleted'));
  }

  @Post('verify')
  @HttpCode(200)
  @MultipartBody(fileUploadSchema)
  @ApiOperation({ summary: 'Compare one JPEG/PNG capture with my registered faces (in the check-in group); records nothing' })
  async verify(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<FaceVerification>> {
    await this.settings.allowVerify(me, client);
    const bytes = await this.photos.bytes(me.userId, req, res);
    return ok(await this.settings.verify(bytes, me, client));
  }
}
