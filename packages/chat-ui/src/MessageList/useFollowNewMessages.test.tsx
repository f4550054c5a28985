import { describe, expect, it, vi } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { createMessage, type MessageInput, type MessageModel } from '../Message/model.js';
import { useFollowNewMessages } from './useFollowNewMessages.js';

const message = (id: string, extra: Partial<MessageInput> = {}): MessageModel =>
  createMessage({ _id: id, content: id, ...extra });
const incoming = (...ids: string[]) => ids.map((id) => message(id));

async function renderFollow(initial: MessageModel[], following: boolean) {
  const calls = {
    isFollowing: vi.fn(() => following),
    jumpToEnd: vi.fn(),
    scrollToBottom: vi.fn(),
    addUnread: vi.fn(),
  };
  const hook = await renderHook((items?: MessageModel[]) => useFollowNewMessages(items ?? initial, calls), {
    initialProps: initial,
  });
  const update = (items: MessageModel[]) => hook.rerender(items);
  return { calls, update };
}

describe('useFollowNewMessages', () => {
  it('given the first messages, should open at the end', async () => {
    const { calls } = await renderFollow(incoming('a', 'b'), false);
    expect(calls.jumpToEnd).toHaveBeenCalledTimes(1);
    expect(calls.addUnread).not.toHaveBeenCalled();
  });

  it('given the reader following, when messages arrive, should keep the end in view and count nothing', async () => {
    const first = incoming('a', 'b');
    const { calls, update } = await renderFollow(first, true);
    await update([...first, ...incoming('c')]);
    expect(calls.jumpToEnd).toHaveBeenCalledTimes(2);
    expect(calls.addUnread).not.toHaveBeenCalled();
  });

  it('given the reader scrolled up, when incoming messages arrive, should count them and not move', async () => {
    const first = incoming('a');
    const { calls, update } = await renderFollow(first, false);
    await update([...first, ...incoming('b', 'c')]);
    expect(calls.addUnread).toHaveBeenCalledWith(2);
    expect(calls.jumpToEnd).toHaveBeenCalledTimes(1);
    expect(calls.scrollToBottom).not.toHaveBeenCalled();
  });

  it('given the reader scrolled up, when the visitor sends a message, should scroll down to it', async () => {
    const first = incoming('a');
    const { calls, update } = await renderFollow(first, false);
    await update([...first, message('b'), message('mine', { position: 'right' })]);
    expect(calls.scrollToBottom).toHaveBeenCalledTimes(1);
    expect(calls.addUnread).not.toHaveBeenCalled();
  });

  it('given history prepended or the last message changed in place, should do nothing', async () => {
    const first = incoming('c', 'd');
    const { calls, update } = await renderFollow(first, false);
    await update([...incoming('a', 'b'), ...first]);
    await update([...incoming('a', 'b', 'c'), message('d', { content: 'edited' })]);
    expect(calls.jumpToEnd).toHaveBeenCalledTimes(1);
    expect(calls.scrollToBottom).not.toHaveBeenCalled();
    expect(calls.addUnread).not.toHaveBeenCalled();
  });
});
