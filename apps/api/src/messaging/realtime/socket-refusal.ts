import { ErrorCode, type SocketRefusal } from '@schoolflow/contracts';
import type { Socket } from 'socket.io';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { languageOf, translate } from '../../infrastructure/i18n/i18n.js';

/** The acknowledgement of a refused payload: the API's 400 envelope, its message in the socket's language. */
export function refusal(socket: Socket, key: string | undefined): SocketRefusal {
  const message = key && /^validation\.[A-Za-z]+$/.test(key) ? key : 'validation.invalid';
  return { code: ErrorCode.BAD_REQUEST, result: false, msg: translate(languageOf(socket.handshake), message) };
}

/**
 * The acknowledgement of an event a handler refused (an AppException: its code and message, as the HTTP envelope
 * would answer) — anything else is the server's own trouble, answered without its text and left to the caller to log.
 */
export function refusalOf(socket: Socket, err: unknown): SocketRefusal {
  const lang = languageOf(socket.handshake);
  if (err instanceof AppException) return { code: err.code, result: false, msg: translate(lang, err.messageKey, err.params) };
  return { code: ErrorCode.SERVER_ERROR, result: false, msg: translate(lang, 'serverError') };
}
