import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { CONSULT_NAMESPACE, SOCKET_PATH } from '@schoolflow/contracts';
import { getAppConfig } from '../../config/app-config.js';

export type ConsultAuth = { visitorToken: string } | { token: string };
export type ConsultHandlers = Record<string, (payload: never) => void>;

/**
 * A socket on the `/consult` namespace for as long as the page wants it (docs/adr/0042-online-consultation.md): a
 * visitor's by their token, an agent's by their session. `onConnect` runs at every (re)connect — where the page asks
 * for the messages it missed. Handlers are read through a ref, so they may change every render without reconnecting.
 */
export function useConsultSocket(auth: ConsultAuth | null, handlers: ConsultHandlers, onConnect: (socket: Socket) => void): Socket | null {
  const [socket, setSocket] = useState<Socket | null>(null);
  const latest = useRef({ handlers, onConnect });
  useEffect(() => {
    latest.current = { handlers, onConnect };
  });
  const key = auth ? JSON.stringify(auth) : '';

  useEffect(() => {
    if (!key) return undefined;
    const s = io(CONSULT_NAMESPACE, {
      path: SOCKET_PATH.replace(/^\/server/, getAppConfig().BASE_API),
      transports: ['websocket', 'polling'],
      auth: JSON.parse(key) as ConsultAuth,
    });
    s.on('connect', () => latest.current.onConnect(s));
    s.onAny((event: string, payload: unknown) => {
      const h = latest.current.handlers[event];
      if (h) (h as (p: unknown) => void)(payload);
    });
    setSocket(s);
    return () => {
      s.removeAllListeners();
      s.disconnect();
      setSocket(null);
    };
  }, [key]);

  return socket;
}

/** An event sent with its acknowledgement: the answer, or the refusal envelope `{code, result:false, msg}`. */
export async function ask<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const answer = (await socket.timeout(10_000).emitWithAck(event, payload)) as T | { result: false; msg: string; code: number };
  if (answer && typeof answer === 'object' && 'result' in answer && answer.result === false) throw new Error(answer.msg);
  return answer as T;
}
