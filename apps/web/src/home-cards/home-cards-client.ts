import { type HomeCardKey, type HomeCardSetting, homeCardsPath, type RoleHomeCards } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 首页卡片管理: mine (the dashboard) and each role's layout (the administrators' page). */
export const homeCardsKeys = {
  all: ['home-cards'] as const,
  mine: ['home-cards', 'mine'] as const,
  role: (code: string) => ['home-cards', 'role', code] as const,
};

/** The calls of 首页卡片管理 (docs/product/administration.md#home-cards). */
export const homeCardsClient = {
  mine: (signal?: AbortSignal) => requestData<HomeCardKey[]>(homeCardsPath.mine, { signal }),
  role: (code: string, signal?: AbortSignal) => requestData<RoleHomeCards>(homeCardsPath.role(code), { signal }),
  save: (code: string, cards: HomeCardSetting[]) => request<RoleHomeCards>(homeCardsPath.role(code), { method: 'PUT', json: { cards } }),
  reset: (code: string) => request<RoleHomeCards>(homeCardsPath.role(code), { method: 'DELETE' }),
};
