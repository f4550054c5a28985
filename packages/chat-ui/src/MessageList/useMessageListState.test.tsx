import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import type { MessageInput } from '../Message/model.js';
import { useMessageListState } from './useMessageListState.js';

const t0 = Date.UTC(2026, 2, 18, 10);
const minute = 60_000;
const message = (id: string, at: number, extra: Partial<MessageInput> = {}): MessageInput => ({
  _id: id,
  content: `Text of ${id}`,
  createdAt: t0 + at,
  user: { name: 'Camille' },
  ...extra,
});
const timed = (items: readonly { _id: string; hasTime?: boolean }[]) =>
  items.filter((item) => item.hasTime).map((item) => item._id);

interface Props {
  messages: MessageInput[];
  grouping?: boolean;
}

async function renderState(initialProps: Props) {
  const hook = await renderHook((props?: Props) => useMessageListState(props ?? initialProps), {
    initialProps,
  });
  const update = (props: Props) => hook.rerender(props);
  return { result: hook.result, update, act: hook.act };
}

describe('useMessageListState', () => {
  it('given messages, should make one model per message with the 5-minute time labels and the groups', async () => {
    const { result } = await renderState({
      messages: [message('a', 0), message('b', minute), message('c', 7 * minute)],
    });
    expect(result.current.items.map((item) => item._id)).toEqual(['a', 'b', 'c']);
    expect(timed(result.current.items)).toEqual(['a', 'c']);
    expect(result.current.items.map((item) => item.group)).toEqual(['first', 'last', 'single']);
    expect(result.current.changed).toEqual([0, 1, 2]);
  });

  it('given a render with the same messages, should return the same state', async () => {
    const messages = [message('a', 0), message('b', minute)];
    const { result, update } = await renderState({ messages });
    const first = result.current;
    await update({ messages });
    expect(result.current).toBe(first);
  });

  it('given new objects for the same messages, should keep every model and report nothing made', async () => {
    const { result, update } = await renderState({ messages: [message('a', 0), message('b', minute)] });
    const first = result.current;
    await update({ messages: [message('a', 0), message('b', minute)] });
    expect(result.current.items[0]).toBe(first.items[0]);
    expect(result.current.items[1]).toBe(first.items[1]);
    expect(result.current.changed).toEqual([]);
  });

  it('given history prepended after a render, should keep the time labels already shown and tell where the old first message went', async () => {
    const shown = [message('c', 0), message('d', minute)];
    const { result, update } = await renderState({ messages: shown });
    // Four minutes before c: c would lose its label if the rule ran over the whole list again.
    await update({ messages: [message('a', -5 * minute), message('b', -4 * minute), ...shown] });
    expect(timed(result.current.items)).toEqual(['a', 'c']);
    expect(result.current.keptFrom).toBe(2);
    expect(result.current.changed).toEqual([0, 1]);
  });

  it('given grouping turned off, should draw each message on its own', async () => {
    const messages = [message('a', 0), message('b', minute)];
    const { result, update } = await renderState({ messages });
    expect(result.current.items.map((item) => item.group)).toEqual(['first', 'last']);
    await update({ messages, grouping: false });
    expect(result.current.items.map((item) => item.group)).toEqual([undefined, undefined]);
  });
});
