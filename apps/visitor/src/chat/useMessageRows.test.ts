import type { ChatMessage } from '@parley/chat-core';
import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { englishT } from '../test/strings.js';
import { useMessageRows } from './useMessageRows.js';

const message = (id: string, msgContent = id): ChatMessage => ({
  id,
  userId: 'u1',
  senderType: 2,
  msgType: 1,
  msgContent,
  msgTime: 1,
});

describe('useMessageRows', () => {
  it('given a new message appended, should make one new row and keep every other row as the same object', async () => {
    const first = [message('a'), message('b')];
    const t = englishT();
    const { result, rerender } = await renderHook((props?: { messages: ChatMessage[] }) =>
      useMessageRows(props?.messages ?? first, t, { robotName: 'Robo' }),
    );
    const before = result.current;
    await rerender({ messages: [...first, message('c')] });
    expect(result.current).toHaveLength(3);
    expect(result.current[0]).toBe(before[0]);
    expect(result.current[1]).toBe(before[1]);
    expect(result.current[2]).toMatchObject({ _id: 'c', content: 'c' });
  });

  it('given a changed message (a new object from the engine), should make its row anew', async () => {
    const first = [message('a'), message('b')];
    const t = englishT();
    const { result, rerender } = await renderHook((props?: { messages: ChatMessage[] }) =>
      useMessageRows(props?.messages ?? first, t, { robotName: 'Robo' }),
    );
    const before = result.current;
    await rerender({ messages: [first[0] as ChatMessage, message('b', 'edited')] });
    expect(result.current[0]).toBe(before[0]);
    expect(result.current[1]).not.toBe(before[1]);
    expect(result.current[1]).toMatchObject({ content: 'edited' });
  });
});
