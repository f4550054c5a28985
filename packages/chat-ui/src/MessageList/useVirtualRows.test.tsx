import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import { createMessage, type MessageModel } from '../Message/model.js';
import { MESSAGE_LIST_VIRTUALIZE_AFTER, useVirtualRows } from './useVirtualRows.js';
import { VirtualRows } from './VirtualRows.js';

const messages = (count: number): MessageModel[] =>
  Array.from({ length: count }, (_, index) =>
    createMessage({ _id: `m${index}`, content: `Message ${index}` }),
  );

interface Props {
  items: MessageModel[];
  atBottom: boolean;
}
async function renderMode(initialProps: Props) {
  const hook = await renderHook(
    (props?: Props) => {
      const { items, atBottom } = props ?? initialProps;
      return useVirtualRows(items, () => atBottom);
    },
    { initialProps },
  );
  const update = (props: Props) => hook.rerender(props);
  return { result: hook.result, update, act: hook.act };
}

// This file's first test runs before the virtualiser is downloaded; the module keeps it after.
describe('useVirtualRows', () => {
  it('given a long list before the virtualiser arrived, should show the newest messages in flow, then hand over to it', async () => {
    const items = messages(1000);
    const { result } = await renderMode({ items, atBottom: false });
    expect(result.current.Virtual).toBeUndefined();
    expect(result.current.tailStart).toBe(1000 - MESSAGE_LIST_VIRTUALIZE_AFTER);
    // A list shown in part switches at once, wherever the reader is.
    await expect.poll(() => result.current.Virtual).toBe(VirtualRows);
    expect(result.current.tailStart).toBe(0);
  });

  it('given a short list, should keep every row in flow', async () => {
    const { result } = await renderMode({ items: messages(MESSAGE_LIST_VIRTUALIZE_AFTER), atBottom: true });
    expect(result.current).toMatchObject({ Virtual: undefined, tailStart: 0 });
  });

  it('given a list growing past the limit while the reader is scrolled up, should wait until they are at the bottom', async () => {
    const { result, update, act } = await renderMode({ items: messages(100), atBottom: false });
    await update({ items: messages(MESSAGE_LIST_VIRTUALIZE_AFTER + 1), atBottom: false });
    await new Promise((done) => setTimeout(done, 50));
    expect(result.current).toMatchObject({ Virtual: undefined, tailStart: 0 });
    await act(async () => result.current.virtualiseAtBottom());
    expect(result.current.Virtual).toBe(VirtualRows);
  });

  it('given a list growing past the limit with the reader at the bottom, should switch at once', async () => {
    const { result, update } = await renderMode({ items: messages(100), atBottom: true });
    await update({ items: messages(MESSAGE_LIST_VIRTUALIZE_AFTER + 1), atBottom: true });
    await expect.poll(() => result.current.Virtual).toBe(VirtualRows);
  });

  it('given the reader at the bottom of a short list, should not switch', async () => {
    const { result, act } = await renderMode({ items: messages(10), atBottom: true });
    await act(async () => result.current.virtualiseAtBottom());
    expect(result.current.Virtual).toBeUndefined();
  });
});
