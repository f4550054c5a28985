import { act, createRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { MessageInput } from '../Message/model.js';
import {
  MESSAGE_LIST_VIRTUALIZE_AFTER,
  MessageList,
  type MessageListHandle,
  type MessageListProps,
  preloadMessageListVirtualizer,
} from './MessageList.js';

const t0 = new Date(2026, 2, 18, 10, 0, 0).getTime();
const message = (i: number, extra: Partial<MessageInput> = {}): MessageInput => ({
  _id: `m${i}`,
  content: `Message number ${i}`,
  createdAt: t0 + i * 1000,
  ...extra,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => message(from + k));
// Older messages put before a conversation, so the same behaviour is checked on a virtualised list.
const older = (count: number) =>
  Array.from({ length: count }, (_, k) =>
    message(k, { _id: `o${k}`, content: `Older ${k}`, createdAt: t0 - 1e9 + k }),
  );

let setMessages: (update: (list: MessageInput[]) => MessageInput[]) => void = () => {};
function Harness({ initial, ...props }: Omit<MessageListProps, 'messages'> & { initial: MessageInput[] }) {
  const [messages, set] = useState(initial);
  setMessages = (update) => set(update);
  return (
    <div style={{ blockSize: 300, inlineSize: 400, display: 'flex' }}>
      <MessageList messages={messages} {...props} />
    </div>
  );
}

const scroller = () => document.querySelector('[data-slot="message-list-scroller"]') as HTMLDivElement;
const distanceFromBottom = () => {
  const element = scroller();
  return element.scrollHeight - element.clientHeight - element.scrollTop;
};
async function scrollTo(top: number) {
  scroller().scrollTop = top;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}
// Rows measured on the way change the height: repeat until the distance holds.
async function settleAtDistance(distance: number) {
  for (let i = 0; i < 6; i += 1) await scrollTo(scroller().scrollHeight - scroller().clientHeight - distance);
  expect(Math.abs(distanceFromBottom() - distance)).toBeLessThanOrEqual(1);
}
const backButton = () => document.querySelector<HTMLButtonElement>('[data-slot="message-list-back"]');

const rows = () => document.querySelectorAll('[data-slot="message"]').length;
const virtualised = () => document.querySelector('[data-slot="message-list-content"][data-virtual]') !== null;

// These two run first in this file: the virtualiser is not downloaded yet.
describe('MessageList virtualiser loading', () => {
  it('given 10 000 messages, should show the newest at once, then only the rows in view', async () => {
    const screen = await render(<Harness initial={range(0, 10_000)} />);
    expect(virtualised()).toBe(false);
    expect(rows()).toBe(MESSAGE_LIST_VIRTUALIZE_AFTER);
    await expect.element(screen.getByText('Message number 9999')).toBeVisible();
    await expect.poll(virtualised).toBe(true);
    expect(rows()).toBeLessThan(40);
    await expect.element(screen.getByText('Message number 9999')).toBeVisible();
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
  });

  it('given a list growing past the limit while the reader is scrolled up, should not move them and switch once they are back at the bottom', async () => {
    const screen = await render(<Harness initial={range(0, MESSAGE_LIST_VIRTUALIZE_AFTER - 10)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await scrollTo(scroller().scrollTop - 500);
    const top = scroller().scrollTop;
    await act(async () => setMessages((list) => [...list, ...range(list.length, list.length + 20)]));
    await new Promise((done) => setTimeout(done, 100));
    expect(virtualised()).toBe(false);
    expect(Math.abs(scroller().scrollTop - top)).toBeLessThanOrEqual(1);
    await screen.getByRole('button', { name: /new messages/ }).click();
    await expect.poll(virtualised).toBe(true);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await expect
      .element(screen.getByText(`Message number ${MESSAGE_LIST_VIRTUALIZE_AFTER + 9}`))
      .toBeVisible();
  });
});

describe.each([
  { mode: 'in flow', pad: 0 },
  { mode: 'virtualised', pad: MESSAGE_LIST_VIRTUALIZE_AFTER + 50 },
])('MessageList ($mode)', ({ pad }) => {
  const conversation = (from: number, to: number) => [...older(pad), ...range(from, to)];
  beforeAll(async () => {
    if (pad > 0) await preloadMessageListVirtualizer();
  });
  afterEach(() => {
    if (pad > 0) expect(virtualised()).toBe(true);
  });

  it('given messages, should be a focusable, named log that starts at the newest message', async () => {
    const screen = await render(<Harness initial={conversation(0, 50)} />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    await expect.element(log).toBeVisible();
    await expect.element(screen.getByText('Message number 49')).toBeVisible();
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    expect(log.element().getAttribute('aria-live')).toBe('off');
  });

  it('given the reader at the bottom, when a message arrives, should follow it and announce it politely', async () => {
    const screen = await render(<Harness initial={conversation(0, 30)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await act(async () =>
      setMessages((list) => [
        ...list,
        message(30, { content: 'Your parcel ships today', user: { name: 'Camille' } }),
      ]),
    );
    await expect.element(screen.getByText('Your parcel ships today')).toBeVisible();
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    const live = document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    expect(live?.textContent).toBe('Message from Camille: Your parcel ships today');
    expect(document.querySelector('[aria-live="assertive"]')).toBeNull();
    expect(backButton()).toBeNull();
  });

  it('given a notice refreshed in place (the queue position), should announce its new text and keep no old one', async () => {
    await render(<Harness initial={conversation(0, 5)} />);
    const queue = (position: number) =>
      message(99, { _id: 'waitMsgId', type: 'system', content: `You are number ${position} in the queue.` });
    await act(async () => setMessages((list) => [...list, queue(5)]));
    const live = () => document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    expect(live()?.textContent).toBe('You are number 5 in the queue.');
    await act(async () => setMessages((list) => [...list.slice(0, -1), queue(2)]));
    expect(live()?.textContent).toBe('You are number 2 in the queue.');
    expect(document.body.textContent).not.toContain('number 5');
  });

  it('given the visitor’s own message, should not announce it', async () => {
    await render(<Harness initial={conversation(0, 5)} />);
    await act(async () =>
      setMessages((list) => [...list, message(5, { position: 'right', content: 'Mine' })]),
    );
    const live = document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    expect(live?.textContent).toBe('');
  });

  it('given the visitor’s message not sent, should announce it once, politely, not again on each retry', async () => {
    await render(
      <Harness initial={[...conversation(0, 5), message(5, { position: 'right', status: 'fail' })]} />,
    );
    const live = () => document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    // A failure already there when the list is shown is not news.
    expect(live()?.textContent).toBe('');
    const mine = (status: MessageInput['status']) =>
      message(6, { position: 'right', content: 'Mine', status });
    await act(async () => setMessages((list) => [...list, mine('pending')]));
    expect(live()?.textContent).toBe('');
    await act(async () => setMessages((list) => [...list.slice(0, -1), mine('fail')]));
    expect(live()?.textContent).toBe('Not sent. Retry');
    const said = live()?.firstElementChild;
    // The next render of the same failure says nothing new.
    await act(async () => setMessages((list) => [...list.slice(0, -1), mine('fail')]));
    expect(live()?.firstElementChild).toBe(said);
    // Retried and failed again (a product may retry with every poll): already said.
    await act(async () => setMessages((list) => [...list.slice(0, -1), mine('pending')]));
    await act(async () => setMessages((list) => [...list.slice(0, -1), mine('fail')]));
    expect(live()?.firstElementChild).toBe(said);
    // Sent at last, then another message fails: that one is news.
    await act(async () => setMessages((list) => [...list.slice(0, -1), mine('sent')]));
    await act(async () =>
      setMessages((list) => [...list, message(7, { position: 'right', content: 'Again', status: 'fail' })]),
    );
    expect(live()?.textContent).toBe('Not sent. Retry');
    expect(live()?.firstElementChild).not.toBe(said);
    expect(document.querySelector('[aria-live="assertive"]')).toBeNull();
  });

  it('given the same words twice from the agent, should announce them twice', async () => {
    await render(<Harness initial={conversation(0, 5)} />);
    const live = () => document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    const ok = (i: number) => message(i, { content: 'OK', user: { name: 'Camille' } });
    await act(async () => setMessages((list) => [...list, ok(5)]));
    const first = live()?.firstElementChild;
    expect(first?.textContent).toBe('Message from Camille: OK');
    await act(async () => setMessages((list) => [...list, ok(6)]));
    // A new node in the live region: a screen reader hears it again.
    expect(live()?.firstElementChild?.textContent).toBe('Message from Camille: OK');
    expect(live()?.firstElementChild).not.toBe(first);
  });

  it('given the reader scrolled up, when messages arrive, should stay put and count them on the back-to-bottom button', async () => {
    const screen = await render(<Harness initial={conversation(0, 40)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await scrollTo(scroller().scrollTop - 200);
    const top = scroller().scrollTop;
    await act(async () => setMessages((list) => [...list, message(40), message(41)]));
    await expect.element(screen.getByRole('button', { name: /2 new messages/ })).toBeVisible();
    expect(Math.abs(scroller().scrollTop - top)).toBeLessThanOrEqual(1);
    await act(async () => setMessages((list) => [...list, message(42)]));
    await expect
      .element(screen.getByRole('button'))
      .toHaveAccessibleName('Back to the latest messages, 3 new messages');
    await screen.getByRole('button').click();
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await expect.poll(backButton).toBeNull();
  });

  it('given one unread message, should use the singular form', async () => {
    const screen = await render(<Harness initial={conversation(0, 40)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await scrollTo(scroller().scrollTop - 200);
    await act(async () => setMessages((list) => [...list, message(40)]));
    await expect.element(screen.getByText('1 new message')).toBeVisible();
  });

  it('given the reader scrolled up, when the visitor sends a message, should scroll to it', async () => {
    await render(<Harness initial={conversation(0, 40)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await scrollTo(0);
    await act(async () => setMessages((list) => [...list, message(40, { position: 'right' })]));
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
  });

  it('given a 300 px viewport, should show back-to-bottom only past 900 px from the bottom (3 viewports)', async () => {
    await render(<Harness initial={conversation(0, 100)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await settleAtDistance(890);
    expect(backButton()).toBeNull();
    await settleAtDistance(910);
    await expect.poll(backButton).not.toBeNull();
  });

  it('given a 150 px viewport, should use the 600 px minimum', async () => {
    const screen = await render(
      <div style={{ blockSize: 150, display: 'flex' }}>
        <MessageList messages={conversation(0, 100)} />
      </div>,
    );
    await expect.element(screen.getByText('Message number 99')).toBeVisible();
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await settleAtDistance(590);
    expect(backButton()).toBeNull();
    await settleAtDistance(610);
    await expect.poll(backButton).not.toBeNull();
  });

  it('given the back-to-bottom button, should tween for 300 ms', async () => {
    await render(<Harness initial={conversation(0, 100)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await scrollTo(scroller().scrollTop - 1500);
    await expect.poll(backButton).not.toBeNull();
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    backButton()?.click();
    vi.advanceTimersByTime(16 * 9); // about half way
    const halfway = distanceFromBottom();
    expect(halfway).toBeGreaterThan(10);
    expect(halfway).toBeLessThan(1500);
    vi.advanceTimersByTime(16 * 11); // past 300 ms
    vi.useRealTimers();
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
  });

  it('given the reader reaches the top, should load history, show progress, and keep the message in view where it was', async () => {
    let resolve: () => void = () => {};
    const onLoadMore = vi.fn(
      () =>
        new Promise<void>((done) => {
          resolve = () => {
            setMessages((list) => [...range(-20, 0), ...list]);
            done();
          };
        }),
    );
    const screen = await render(<Harness initial={conversation(0, 30)} hasMore onLoadMore={onLoadMore} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await scrollTo(0);
    await expect.poll(() => onLoadMore.mock.calls.length).toBe(1);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Loading earlier messages…');
    const first = pad > 0 ? 'Older 0' : 'Message number 0';
    const anchor = screen.getByText(first).element();
    const before = anchor.getBoundingClientRect().top;
    await act(async () => resolve());
    await expect.poll(() => screen.container.querySelector('[role="status"]')).toBeNull();
    await new Promise((done) => setTimeout(done, 100));
    const after = screen.getByText(first).element().getBoundingClientRect().top;
    expect(Math.abs(after - before)).toBeLessThanOrEqual(1);
    expect(scroller().scrollTop).toBeGreaterThan(100);
    const live = document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    expect(live?.textContent).toBe('');
  });

  it('given no more history, should not call onLoadMore', async () => {
    const onLoadMore = vi.fn(async () => {});
    await render(<Harness initial={conversation(0, 30)} hasMore={false} onLoadMore={onLoadMore} />);
    await scrollTo(0);
    await new Promise((done) => setTimeout(done, 50));
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('given the last message grows at the bottom, should keep the bottom in view', async () => {
    await render(<Harness initial={conversation(0, 30)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await act(async () =>
      setMessages((list) => [
        ...list.slice(0, -1),
        { ...message(29), content: 'A long streamed answer. '.repeat(30) },
      ]),
    );
    await new Promise((done) => setTimeout(done, 100));
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
  });

  it('given the keyboard, should focus the log, scroll it with PageUp and reach the back-to-bottom button', async () => {
    const screen = await render(<Harness initial={conversation(0, 100)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('log')).toHaveFocus();
    for (let i = 0; i < 20 && !backButton(); i += 1) {
      await userEvent.keyboard('{PageUp}');
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(distanceFromBottom()).toBeGreaterThan(900);
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('button', { name: 'Back to the latest messages' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
  });

  it('given the keyboard, should move focus message by message with the arrows, and to the ends with Home and End', async () => {
    await render(<Harness initial={conversation(0, 30)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    const focused = () => {
      const active = document.activeElement as HTMLElement;
      return active.getAttribute('data-slot') === 'message-list-item' ? active.textContent : active.tagName;
    };
    await userEvent.keyboard('{Tab}');
    // From the list, ArrowUp starts at the last message in view: the newest.
    await userEvent.keyboard('{ArrowUp}');
    expect(focused()).toContain('Message number 29');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(focused()).toContain('Message number 27');
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toContain('Message number 28');
    // Still one tab stop: Tab leaves the rows.
    expect(
      [...scroller().querySelectorAll('[data-slot="message-list-item"]')].every(
        (row) => row.getAttribute('tabindex') === '-1',
      ),
    ).toBe(true);
    await userEvent.keyboard('{Home}');
    await expect.poll(focused).toContain(pad > 0 ? 'Older 0' : 'Message number 0');
    expect(scroller().scrollTop).toBeLessThanOrEqual(1);
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toContain(pad > 0 ? 'Older 1' : 'Message number 1');
    await userEvent.keyboard('{End}');
    await expect.poll(focused).toContain('Message number 29');
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
  });

  it('given a focused message scrolled far out of view, should keep it in the page and keep the focus on it', async () => {
    await render(<Harness initial={conversation(0, 30)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await userEvent.keyboard('{Tab}{ArrowUp}');
    const row = document.activeElement as HTMLElement;
    expect(row.textContent).toContain('Message number 29');
    // A wheel or a scrollbar takes the view to the oldest message, far from the focused one.
    for (let i = 0; i < 4; i += 1) await scrollTo(0);
    expect(row.isConnected).toBe(true);
    expect(document.activeElement).toBe(row);
    // The keys go on from where the reader was, not from the page.
    await userEvent.keyboard('{ArrowUp}');
    await expect.poll(() => document.activeElement?.textContent).toContain('Message number 28');
  });

  it('given a message reached by keyboard, should show its own time and read it with the message, but never announce the time', async () => {
    await render(<Harness initial={conversation(0, 10)} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await userEvent.keyboard('{Tab}{ArrowUp}');
    const row = document.activeElement as HTMLElement;
    const time = row.querySelector<HTMLElement>('[data-slot="message-time"]') as HTMLElement;
    expect(time.textContent).toBe('10:00');
    await expect.poll(() => getComputedStyle(time).opacity).toBe('1');
    expect(row.textContent).toBe('Message number 910:00');
    await act(async () =>
      setMessages((list) => [...list, message(10, { content: 'On its way', user: { name: 'Camille' } })]),
    );
    const live = document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    expect(live?.textContent).toBe('Message from Camille: On its way');
  });

  it('given messageTimes off, should draw no time beside each message', async () => {
    await render(<Harness initial={conversation(0, 5)} messageTimes="off" />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    expect(document.querySelector('[data-slot="message-time"]')).toBeNull();
  });

  it('given a ref, should scroll to the bottom on demand', async () => {
    const ref = createRef<MessageListHandle>();
    await render(
      <div style={{ blockSize: 300, display: 'flex' }}>
        <MessageList ref={ref} messages={conversation(0, 100)} />
      </div>,
    );
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    await scrollTo(0);
    ref.current?.scrollToBottom({ smooth: false });
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    expect(ref.current?.element).toBe(scroller());
  });
});

describe('MessageList rows', () => {
  it('given history prepended, should keep the time labels already shown', async () => {
    const initial = [message(0, { createdAt: t0 }), message(1, { createdAt: t0 + 60_000 })];
    const screen = await render(<Harness initial={initial} />);
    const labels = () => screen.container.querySelectorAll('time:not([data-slot="message-time"])');
    await expect.poll(() => labels().length).toBe(1);
    await act(async () =>
      setMessages((list) => [
        message(-2, { createdAt: t0 - 4 * 60_000 }),
        message(-1, { createdAt: t0 - 3 * 60_000 }),
        ...list,
      ]),
    );
    await expect.poll(() => labels().length).toBe(2);
    const timed = [...screen.container.querySelectorAll('[data-slot="message"]')]
      .filter((row) => row.querySelector('time:not([data-slot="message-time"])'))
      .map((row) => row.getAttribute('data-message-id'));
    expect(timed).toEqual(['m-2', 'm0']);
  });

  it('given new objects for the same messages on every change, should draw only the new and the changed rows', async () => {
    const drawn: string[] = [];
    const draw = (m: { _id: string; status?: string }) => {
      drawn.push(m._id);
      return <p>{`${m._id} ${m.status ?? ''}`}</p>;
    };
    // A caller that maps its messages to new objects each time, keeping nothing itself.
    const copies = (list: MessageInput[]) => list.map((item) => ({ ...item }));
    const initial = [...range(0, 3), message(3, { position: 'right', status: 'pending' })];
    const screen = await render(<Harness initial={initial} renderMessage={draw} />);
    await expect.element(screen.getByText('m3 pending')).toBeVisible();
    drawn.length = 0;
    await act(async () => setMessages((list) => [...copies(list), message(4)]));
    await expect.element(screen.getByText('m4')).toBeVisible();
    expect(drawn).toEqual(['m4']);
    drawn.length = 0;
    await act(async () =>
      setMessages((list) =>
        copies(list).map((item) => (item._id === 'm3' ? { ...item, status: 'sent' } : item)),
      ),
    );
    await expect.element(screen.getByText('m3 sent')).toBeVisible();
    expect(drawn).toEqual(['m3']);
  });

  it('given a message marked read, should say "Seen" under it and nowhere else, as given', async () => {
    const mine = (i: number, status: 'sent' | 'read') => message(i, { position: 'right', status });
    const screen = await render(
      <Harness initial={[mine(0, 'sent'), message(1), mine(2, 'read'), mine(3, 'sent')]} />,
    );
    const seenUnder = () =>
      [...screen.container.querySelectorAll('[data-slot="message"]')]
        .filter((row) => row.textContent?.includes('Seen'))
        .map((row) => row.getAttribute('data-message-id'));
    await expect.poll(seenUnder).toEqual(['m2']);
    // The read mark moves: the product marks the newer message and unmarks the older one.
    await act(async () =>
      setMessages((list) =>
        list.map((item) =>
          item._id === 'm3'
            ? { ...item, status: 'read' }
            : item._id === 'm2'
              ? { ...item, status: 'sent' }
              : item,
        ),
      ),
    );
    await expect.poll(seenUnder).toEqual(['m3']);
    // A read receipt is not news: the live region says nothing of it.
    const live = document.querySelector('[data-slot="message-list"] [aria-live="polite"]');
    expect(live?.textContent).toBe('');
  });

  it('given renderMessage, should draw each message with it', async () => {
    const screen = await render(
      <div style={{ blockSize: 300, display: 'flex' }}>
        <MessageList messages={range(0, 3)} renderMessage={(m, i) => <p>{`#${i} ${m._id}`}</p>} />
      </div>,
    );
    await expect.element(screen.getByText('#2 m2')).toBeVisible();
  });
});
