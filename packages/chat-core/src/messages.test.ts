import { describe, expect, it } from 'vitest';
import { patchMessage } from './messages.js';
import type { ChatMessage } from './types.js';

const message = (id: string, status: ChatMessage['status']): ChatMessage => ({
  id,
  userId: 'u1',
  senderType: 1,
  msgType: 1,
  msgContent: id,
  msgTime: 1,
  status,
});

describe('patchMessage', () => {
  it('given a patch that changes a message, should return a new list with only that message replaced', () => {
    const list = [message('a', 'pending'), message('b', 'pending')];
    const patched = patchMessage(list, 'a', { status: 'sent' });
    expect(patched).not.toBe(list);
    expect(patched[0]).toMatchObject({ id: 'a', status: 'sent' });
    expect(patched[1]).toBe(list[1]);
  });

  it('given a patch that changes nothing, should return the same list', () => {
    const list = [message('a', 'sent'), message('b', 'pending')];
    expect(patchMessage(list, 'a', { status: 'sent', msgContent: 'a' })).toBe(list);
  });

  it('given an id not in the list, should return the same list', () => {
    const list = [message('a', 'sent')];
    expect(patchMessage(list, 'x', { status: 'fail' })).toBe(list);
  });
});
