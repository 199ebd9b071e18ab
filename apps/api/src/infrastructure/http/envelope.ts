import { ErrorCode, type Envelope } from '@schoolflow/contracts';

export function ok<T>(data?: T, msg = ''): Envelope<T> {
  return data === undefined ? { code: ErrorCode.SUCCESS, result: true, msg } : { code: ErrorCode.SUCCESS, result: true, msg, data };
}
