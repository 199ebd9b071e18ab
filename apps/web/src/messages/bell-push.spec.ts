import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import type { MessageRow } from '@schoolflow/contracts';
import { BELL_SIZE, cancelReread, receiveMessage, REREAD_SPREAD_MS, type UnreadState } from './bell-push.js';
import { messageKeys } from './message-keys.js';

const row = (id: string, status: '0' | '1' = '0'): MessageRow => ({ MESSAGE_ID: id, MESSAGE_TYPE: 'NOTICE', MESSAGE_TITLE: id, MESSAGE_CONTENT: '', MESSAGE_LINK: null, MESSAGE_STATUS: status, CREATE_TIME: '' });

// docs/product/messages.md#bell: counted at once from the push, one spread re-read shared by the pushes of its moment
describe('the bell on a pushed message', () => {
  let client: QueryClient;
  let invalidate: jest.SpiedFunction<QueryClient['invalidateQueries']>;
  const unread = () => client.getQueryData<UnreadState>(messageKeys.unread());

  beforeEach(() => {
    jest.useFakeTimers();
    client = new QueryClient();
    invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
  });
  afterEach(() => {
    cancelReread();
    jest.useRealTimers();
  });

  it('counts an unread message at once and lists it first, the latest ten only', () => {
    client.setQueryData<UnreadState>(messageKeys.unread(), { count: 12, latest: Array.from({ length: BELL_SIZE }, (_, i) => row(`m${i}`)) });
    receiveMessage(client, row('new'));
    expect(unread()?.count).toBe(13);
    expect(unread()?.latest.map((m) => m.MESSAGE_ID)).toEqual(['new', ...Array.from({ length: BELL_SIZE - 1 }, (_, i) => `m${i}`)]);
  });

  it('counts from nothing before the first read, and not a message already listed or already read', () => {
    receiveMessage(client, row('a'));
    expect(unread()).toEqual({ count: 1, latest: [row('a')] });
    receiveMessage(client, row('a'));
    receiveMessage(client, row('b', '1'));
    expect(unread()).toEqual({ count: 1, latest: [row('a')] });
  });

  it('reads the list again once, within the spread, for several pushes', () => {
    receiveMessage(client, row('a'));
    receiveMessage(client, row('b'));
    receiveMessage(client, row('c'));
    expect(invalidate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(REREAD_SPREAD_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messageKeys.unread() });
    receiveMessage(client, row('d'));
    jest.advanceTimersByTime(REREAD_SPREAD_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('drops the pending re-read on sign-out', () => {
    receiveMessage(client, row('a'));
    cancelReread();
    jest.advanceTimersByTime(REREAD_SPREAD_MS);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
