import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type HomeCardKey, HOME_CARDS_MANAGE_PERMISSION, homeCardsFor, type Language, roleHomeCardsSchema, type RoleHomeCards, roleLayout } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../infrastructure/http/request-context.js';
import { ValidBody } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { HomeCardsRepository } from './domain/home-cards.repository.js';
import { HomeCardsErrors } from './home-cards.errors.js';

/**
 * 首页卡片管理 (DESIGN §15 `/server/api/home-cards`; docs/product/administration.md#home-cards): my cards — the union
 * of my roles' (`homeCardsFor`, the contracts' one rule) — and, with home_cards:manage, a role's layout: read, saved,
 * restored to the defaults. Changes go to the operation log.
 */
@ApiTags('home-cards')
@Controller('api/home-cards')
export class HomeCardsController {
  constructor(
    private readonly db: DataSource,
    private readonly cards: HomeCardsRepository,
    private readonly audit: AdminAudit,
  ) {}

  @Get('mine')
  @ApiOperation({ summary: 'My home page cards in order: the union of my roles\' cards' })
  async mine(@CurrentUser() me: Principal): Promise<Envelope<HomeCardKey[]>> {
    return ok(homeCardsFor(me.roles, await this.cards.layouts(this.db, me.roles)));
  }

  @Get('roles/:code')
  @RequirePermissions(HOME_CARDS_MANAGE_PERMISSION)
  @ApiOperation({ summary: 'A role\'s cards: every card once, in order, shown or not (home_cards:manage)' })
  async role(@Param('code') code: string): Promise<Envelope<RoleHomeCards>> {
    return ok(await this.layoutOf(code));
  }

  @Put('roles/:code')
  @RequirePermissions(HOME_CARDS_MANAGE_PERMISSION)
  @ApiOperation({ summary: 'Save a role\'s cards in order (home_cards:manage); cards left out are appended, hidden' })
  async save(@Param('code') code: string, @ValidBody(roleHomeCardsSchema) body: z.output<typeof roleHomeCardsSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<RoleHomeCards>> {
    await this.known(code);
    const cards = roleLayout(code, body.cards);
    await this.db.transaction((tx) => this.cards.save(tx, code, cards, me.userId));
    await this.audit.record(me, client, 'homeCards.save', code, { cards: cards.filter((c) => c.enabled).map((c) => c.card) });
    return ok(await this.layoutOf(code), translate(lang, 'pictures.cards.saved'));
  }

  @Delete('roles/:code')
  @RequirePermissions(HOME_CARDS_MANAGE_PERMISSION)
  @ApiOperation({ summary: 'Restore a role\'s default cards (home_cards:manage)' })
  async reset(@Param('code') code: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<RoleHomeCards>> {
    await this.known(code);
    await this.cards.reset(this.db, code);
    await this.audit.record(me, client, 'homeCards.reset', code);
    return ok(await this.layoutOf(code), translate(lang, 'pictures.cards.restored'));
  }

  private async known(code: string): Promise<void> {
    if (code.length > 30 || !(await this.cards.roleExists(this.db, code))) throw HomeCardsErrors.roleUnknown();
  }

  private async layoutOf(code: string): Promise<RoleHomeCards> {
    await this.known(code);
    const saved = (await this.cards.layouts(this.db, [code])).get(code) ?? null;
    return { role: code, cards: roleLayout(code, saved), custom: saved !== null };
  }
}
