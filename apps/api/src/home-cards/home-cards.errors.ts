import { AppException } from '../infrastructure/http/app-exception.js';

/** 首页卡片管理's refusals (messages `pictures.cards.errors.*`; docs/product/administration.md#home-cards). */
export const HomeCardsErrors = {
  /** 404: a role code that no role has. */
  roleUnknown: () => new AppException(404, 404, 'pictures.cards.errors.roleUnknown'),
};
