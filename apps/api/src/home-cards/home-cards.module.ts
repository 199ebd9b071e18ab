import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { HomeCardsRepository } from './domain/home-cards.repository.js';
import { HomeCardsController } from './home-cards.controller.js';

/** 首页卡片管理 (DESIGN §15 `/server/api/home-cards`; docs/product/administration.md#home-cards, docs/adr/0066-pictures-and-home-cards.md#home-cards). */
@Module({
  controllers: [HomeCardsController],
  providers: [AdminAudit, HomeCardsRepository],
})
export class HomeCardsModule {}
