import { describe, expect, it } from 'vitest';
import { renderHook } from 'vitest-browser-react';
import type { MessageInput, MessageModel } from '../Message/model.js';
import { useMessageAnnouncements } from './useMessageAnnouncements.js';
import { useMessageListState } from './useMessageListState.js';

const t0 = Date.UTC(2026, 2, 18, 10);
const message = (id: string, extra: Partial<MessageInput> = {}): MessageInput => ({
  _id: id,
  content: `Text of ${id}`,
  createdAt: t0,
  ...extra,
});
const fromCamille = (id: string, content: string) => message(id, { content, user: { name: 'Camille' } });
const mine = (id: string, status: MessageInput['status']) => message(id, { position: 'right', status });

interface Props {
  messages: MessageInput[];
  getAnnouncement?: (message: MessageModel) => string | null;
}
async function renderAnnouncements(initialProps: Props) {
  const hook = await renderHook(
    (props?: Props) => {
      const { messages, getAnnouncement } = props ?? initialProps;
      return useMessageAnnouncements({ ...useMessageListState({ messages }), getAnnouncement });
    },
    { initialProps },
  );
  let current = initialProps;
  const update = (change: (props: Props) => Props) => {
    current = change(current);
    return hook.rerender(current);
  };
  const append = (...added: MessageInput[]) =>
    update((props) => ({ ...props, messages: [...props.messages, ...added] }));
  const replaceLast = (last: MessageInput) =>
    update((props) => ({ ...props, messages: [...props.messages.slice(0, -1), last] }));
  return { result: hook.result, update, append, replaceLast };
}

describe('useMessageAnnouncements', () => {
  it('given the messages already there, should say nothing', async () => {
    const { result } = await renderAnnouncements({
      messages: [fromCamille('a', 'Hello'), mine('b', 'fail')],
    });
    expect(result.current.text).toBe('');
  });

  it('given incoming messages appended, should say them with their author, and nothing for the visitor’s own', async () => {
    const { result, append } = await renderAnnouncements({ messages: [message('a')] });
    await append(fromCamille('b', 'Your parcel ships today'), message('c', { content: 'Agent left' }));
    expect(result.current.text).toBe('Message from Camille: Your parcel ships today\nAgent left');
    const said = result.current;
    await append(message('d', { position: 'right', content: 'Thanks' }));
    expect(result.current).toBe(said);
  });

  it('given the same words twice, should make two announcements', async () => {
    const { result, append } = await renderAnnouncements({ messages: [message('a')] });
    await append(fromCamille('b', 'OK'));
    const first = result.current;
    await append(fromCamille('c', 'OK'));
    expect(result.current.text).toBe(first.text);
    expect(result.current.id).not.toBe(first.id);
  });

  it('given history prepended, should say nothing', async () => {
    const { result, update } = await renderAnnouncements({ messages: [message('c')] });
    await update((props) => ({
      messages: [fromCamille('a', 'Old'), fromCamille('b', 'Older'), ...props.messages],
    }));
    expect(result.current.text).toBe('');
  });

  it('given an announced message refreshed in place, should say its new text once', async () => {
    const queue = (position: number) =>
      message('waitMsgId', { type: 'system', content: `You are number ${position} in the queue.` });
    const { result, append, replaceLast } = await renderAnnouncements({ messages: [message('a')] });
    await append(queue(5));
    expect(result.current.text).toBe('You are number 5 in the queue.');
    await replaceLast(queue(2));
    expect(result.current.text).toBe('You are number 2 in the queue.');
    const said = result.current;
    await replaceLast(queue(2));
    expect(result.current).toBe(said);
  });

  it('given the visitor’s message not sent, should say so once until it is sent', async () => {
    const { result, append, replaceLast } = await renderAnnouncements({ messages: [message('a')] });
    await append(mine('m', 'pending'));
    expect(result.current.text).toBe('');
    await replaceLast(mine('m', 'fail'));
    expect(result.current.text).toBe('Not sent. Retry');
    const said = result.current;
    await replaceLast(mine('m', 'pending'));
    await replaceLast(mine('m', 'fail'));
    expect(result.current).toBe(said);
    await replaceLast(mine('m', 'sent'));
    await replaceLast(mine('m', 'fail'));
    expect(result.current.id).not.toBe(said.id);
  });

  it('given getAnnouncement, should say what it returns, and nothing for null', async () => {
    const getAnnouncement = (item: MessageModel) => (item.type === 'system' ? null : `New: ${item.content}`);
    const { result, append } = await renderAnnouncements({ messages: [message('a')], getAnnouncement });
    await append(message('b', { content: 'Hi' }), message('c', { type: 'system' }));
    expect(result.current.text).toBe('New: Hi');
    await append(mine('d', 'sent'));
    expect(result.current.text).toBe('New: Text of d');
  });

  it('given a streamed message, should say nothing while it grows, then its whole text once', async () => {
    const { result, append, replaceLast } = await renderAnnouncements({ messages: [message('a')] });
    const quiet = result.current;
    await append(message('b', { content: 'Your', streaming: true, user: { name: 'Camille' } }));
    await replaceLast(message('b', { content: 'Your parcel', streaming: true, user: { name: 'Camille' } }));
    await replaceLast(
      message('b', { content: 'Your parcel ships today', streaming: true, user: { name: 'Camille' } }),
    );
    expect(result.current).toBe(quiet);
    await replaceLast(message('b', { content: 'Your parcel ships today.', user: { name: 'Camille' } }));
    expect(result.current.text).toBe('Message from Camille: Your parcel ships today.');
    const said = result.current;
    await append(mine('c', 'sent'));
    expect(result.current).toBe(said);
  });
});
