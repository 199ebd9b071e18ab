import { AppException } from '../infrastructure/http/app-exception.js';

/** Message channels' refusals (messages `channels.errors.*`; docs/product/messages.md#channels), each stated once. */
export const ChannelsErrors = {
  /** 404 for an id that names no delivery. */
  deliveryNotFound: () => AppException.notFound('channels.errors.deliveryNotFound'),
  /** 422: only a delivery given up (failed) is retried by hand; one waiting or sent is left to the runner. */
  notRetryable: () => AppException.unprocessable('channels.errors.notRetryable'),
  /** 400: the push configuration names a type that STD_MESSAGE_TYPE does not have. */
  typeUnknown: () => AppException.badRequest('channels.errors.typeUnknown'),
  /** 422: menu, tags and followers need the official account configured and enabled. */
  wechatNotConfigured: () => AppException.unprocessable('channels.errors.wechatNotConfigured'),
  /** 502: WeChat answered with an errcode (its errmsg shown: it names what WeChat refused). */
  wechatRefused: (detail: string) => new AppException(502, 502, 'channels.errors.wechatRefused', { detail }),
  /** 502: WeChat's API did not answer. */
  wechatUnreachable: () => new AppException(502, 502, 'channels.errors.wechatUnreachable'),
  /** 400: a follower mapped to an account that does not exist. */
  accountUnknown: () => AppException.badRequest('channels.errors.accountUnknown'),
  /** 409: an openid reaches one account only. */
  openidTaken: () => AppException.conflict('channels.errors.openidTaken'),
};
