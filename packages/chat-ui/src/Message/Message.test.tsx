import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { avatarColor } from '../Avatar/Avatar.js';
import { Message } from './Message.js';
import { assignMessageTimes, createMessage, MESSAGE_TIME_GAP } from './model.js';

const t0 = new Date(2026, 2, 18, 10, 0, 0).getTime();
const now = new Date(2026, 2, 18, 15, 0, 0);
const minute = 60_000;

describe('createMessage', () => {
  it('given only content, should generate an id, stamp now, and default to a left text message', () => {
    const message = createMessage({ content: 'Hi' }, () => t0);
    expect(message._id).toMatch(/\S{8,}/);
    expect(message.createdAt).toBe(t0);
    expect(message.type).toBe('text');
    expect(message.position).toBe('left');
  });

  it('given two messages without ids, should give them different ids', () => {
    expect(createMessage({ content: 'a' })._id).not.toBe(createMessage({ content: 'b' })._id);
  });

  it('given an id and a Date, should keep the id and store epoch milliseconds', () => {
    const message = createMessage({ _id: 'm1', content: 'a', createdAt: new Date(t0) });
    expect(message).toMatchObject({ _id: 'm1', createdAt: t0 });
  });
});

describe('assignMessageTimes', () => {
  const at = (offset: number, hasTime?: boolean) => ({ createdAt: t0 + offset, hasTime });

  it('given the gap constant, should be 300 000 ms', () => {
    expect(MESSAGE_TIME_GAP).toBe(300_000);
  });

  it('given messages, should show the first time, then only after more than 5 minutes since the last shown', () => {
    const result = assignMessageTimes([
      at(0),
      at(4 * minute),
      at(5 * minute),
      at(5 * minute + 1),
      at(9 * minute),
    ]);
    expect(result.map((message) => message.hasTime)).toEqual([true, false, false, true, false]);
  });

  it('given given values, should keep them and measure from the times they show', () => {
    const result = assignMessageTimes([at(0, false), at(1 * minute), at(7 * minute, true), at(11 * minute)]);
    expect(result.map((message) => message.hasTime)).toEqual([false, true, true, false]);
  });

  it('given a list that remembers its decisions, when messages are appended, should keep earlier times', () => {
    const first = assignMessageTimes([at(0), at(6 * minute)]);
    const appended = assignMessageTimes([...first, at(8 * minute), at(11 * minute + 1)]);
    expect(appended.map((message) => message.hasTime)).toEqual([true, true, false, true]);
    expect(appended[0]).toBe(first[0]);
  });

  it('given a list that remembers its decisions, when history is prepended, should time the history and keep the rest', () => {
    const current = assignMessageTimes([at(0), at(2 * minute)]);
    const history = [at(-20 * minute), at(-17 * minute), at(-14 * minute)];
    const merged = assignMessageTimes([...history, ...current]);
    expect(merged.map((message) => message.hasTime)).toEqual([true, false, true, true, false]);
  });
});

describe('Message in a group', () => {
  const alice = { name: 'Alice Moreau', avatar: 'https://cdn.example/alice.png' };
  const row = (group: 'first' | 'middle' | 'last') => (
    <Message message={{ _id: group, content: `${group} words`, user: alice, group }} />
  );

  it('given the first of a group, should show the name and keep the avatar for the end', async () => {
    const screen = await render(row('first'));
    expect(screen.container.querySelector('.parley-message__name')?.textContent).toBe('Alice Moreau');
    expect(screen.container.querySelector('[data-slot="message-avatar"]')).toBeNull();
    expect(screen.container.querySelector('[data-slot="message"]')?.getAttribute('data-group')).toBe('first');
  });

  it('given a later message of a group, should hide the name from the eye but not from screen readers', async () => {
    const screen = await render(row('middle'));
    expect(screen.container.querySelector('.parley-message__name')).toBeNull();
    const hidden = screen.container.querySelector('.parley-visually-hidden');
    expect(hidden?.textContent).toBe('Alice Moreau');
    expect(screen.container.querySelector('[data-slot="message-avatar"]')).toBeNull();
  });

  it('given the last of a group, should show the one avatar', async () => {
    const screen = await render(row('last'));
    await expect.element(screen.getByRole('img', { name: /Alice Moreau/ })).toBeVisible();
    expect(screen.container.querySelector('.parley-message__name')).toBeNull();
  });
});

describe('Message', () => {
  it('given a text message, should show it in a bubble on the left', async () => {
    const screen = await render(<Message message={{ content: 'Hello there', createdAt: t0 }} />);
    await expect.element(screen.getByText('Hello there')).toBeVisible();
    const row = screen.container.querySelector('[data-slot="message"]');
    expect(row?.getAttribute('data-position')).toBe('left');
    expect(row?.getAttribute('data-type')).toBe('text');
    expect(row?.getAttribute('data-message-id')).toBeTruthy();
    expect(screen.container.querySelector('[data-slot="bubble"]')).not.toBeNull();
  });

  it('given hasTime, should show the time label; without it, none', async () => {
    const screen = await render(
      <>
        <Message message={{ content: 'a', createdAt: t0, hasTime: true }} now={now} />
        <Message message={{ content: 'b', createdAt: t0 }} now={now} />
      </>,
    );
    // The label above the message, besides each message's own time on hover.
    const times = screen.container.querySelectorAll('time:not([data-slot="message-time"])');
    expect(times).toHaveLength(1);
    expect(times[0]?.textContent).toBe('10:00:00');
    expect(times[0]?.getAttribute('dateTime')).toBe(new Date(t0).toISOString());
  });

  it('given a user with an avatar, should show the image with an alt and the name', async () => {
    const screen = await render(
      <Message
        message={{
          content: 'Hi',
          user: { name: 'Camille Martin', avatar: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
        }}
      />,
    );
    await expect.element(screen.getByRole('img', { name: 'Avatar of Camille Martin' })).toBeInTheDocument();
    await expect.element(screen.getByText('Camille Martin')).toBeVisible();
  });

  it('given a user without an avatar, should show the initials', async () => {
    const screen = await render(
      <Message message={{ content: 'Hi', user: { name: 'camille martin dupont' } }} />,
    );
    expect(
      screen.container.querySelector('[data-slot="message-avatar"][data-variant="initials"]')?.textContent,
    ).toBe('CM');
  });

  it('given a bot without an avatar, should draw the robot instead of initials, hidden beside its name', async () => {
    const screen = await render(
      <Message message={{ content: 'Hi', user: { name: 'Parley Assistant', bot: true } }} />,
    );
    const avatar = screen.container.querySelector('[data-slot="message-avatar"]');
    expect(avatar?.getAttribute('data-variant')).toBe('bot');
    expect(avatar?.querySelector('[data-icon="Robot"]')).not.toBeNull();
    expect(avatar?.getAttribute('aria-hidden')).toBe('true');
    await expect.element(screen.getByText('Parley Assistant')).toBeVisible();
  });

  it('given two people without avatars, should give each the colour of their name', async () => {
    const screen = await render(
      <>
        <Message message={{ content: 'a', user: { name: 'Camille Martin' } }} />
        <Message message={{ content: 'b', user: { name: 'Ahmed Khan' } }} />
      </>,
    );
    const colours = [...screen.container.querySelectorAll('[data-slot="message-avatar"]')].map((avatar) =>
      avatar.getAttribute('data-color'),
    );
    expect(colours).toEqual([String(avatarColor('Camille Martin')), String(avatarColor('Ahmed Khan'))]);
  });

  it('given a user url, should link the name to it in a new tab, reachable by keyboard once', async () => {
    const screen = await render(
      <Message message={{ content: 'Hi', user: { name: 'Camille', url: 'https://example.com/camille' } }} />,
    );
    const link = screen.getByRole('link');
    await expect.element(link).toHaveAttribute('href', 'https://example.com/camille');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.keyboard('{Tab}');
    await expect.element(link).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(link).not.toHaveFocus();
  });

  it('given a javascript: user url, should not make a link', async () => {
    const screen = await render(
      <Message message={{ content: 'Hi', user: { name: 'X', url: 'javascript:alert(1)' } }} />,
    );
    expect(screen.container.querySelector('a')).toBeNull();
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'])(
    'given the unsafe avatar URL %j, should show the initials instead',
    async (avatar) => {
      const screen = await render(
        <Message message={{ content: 'Hi', user: { name: 'Camille Martin', avatar } }} />,
      );
      expect(
        screen.container.querySelector('[data-slot="message-avatar"][data-variant="initials"]')?.textContent,
      ).toBe('CM');
      expect(screen.container.querySelector('img, [src]')).toBeNull();
    },
  );

  it('given a system message, should show a centred notice', async () => {
    const screen = await render(
      <Message message={{ type: 'system', content: 'Camille joined', position: 'pop' }} />,
    );
    expect(screen.container.querySelector('[data-slot="system-message"]')?.textContent).toBe(
      'Camille joined',
    );
  });

  it('given a typing message, should show the typing status', async () => {
    const screen = await render(<Message message={{ type: 'typing', content: null }} />);
    await expect.element(screen.getByRole('status')).toHaveTextContent('Agent is typing');
  });

  it('given a custom message, should draw it with renderContent', async () => {
    const screen = await render(
      <Message
        message={{ type: 'custom', content: { order: 1042 } }}
        renderContent={(message) => <p>Order {(message.content as { order: number }).order}</p>}
      />,
    );
    await expect.element(screen.getByText('Order 1042')).toBeVisible();
  });

  it('given the visitor’s failed message, should offer retry and pass the message to onRetry', async () => {
    const onRetry = vi.fn();
    const screen = await render(
      <Message
        message={{ _id: 'm9', content: 'Hello?', position: 'right', status: 'fail' }}
        onRetry={onRetry}
      />,
    );
    await screen.getByRole('button', { name: 'Not sent. Retry' }).click();
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ _id: 'm9', content: 'Hello?' }));
  });

  it('given the visitor’s message read by the other side, should say "Seen" under the bubble', async () => {
    const screen = await render(
      <div style={{ inlineSize: 500 }}>
        <Message message={{ content: 'Mine', position: 'right', status: 'read' }} />
      </div>,
    );
    const seen = screen.getByText('Seen');
    await expect.element(seen).toBeVisible();
    const bubble = screen.container.querySelector('[data-slot="bubble"]')?.getBoundingClientRect();
    const box = seen.element().getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(bubble?.bottom ?? Number.POSITIVE_INFINITY);
    // Aligned with the bubble's end.
    expect(Math.abs(box.right - (bubble?.right ?? 0))).toBeLessThan(12);
  });

  it('given a received message with a status, should not show a status', async () => {
    const screen = await render(<Message message={{ content: 'x', status: 'fail' }} />);
    expect(screen.container.querySelector('[data-slot="message-status"]')).toBeNull();
  });

  it('given a right message, should align it to the inline end', async () => {
    const screen = await render(
      <div style={{ inlineSize: 500 }}>
        <Message message={{ content: 'Mine', position: 'right' }} />
      </div>,
    );
    const bubble = screen.container.querySelector('[data-slot="bubble"]')?.getBoundingClientRect();
    const outer = screen.container.firstElementChild?.getBoundingClientRect();
    expect((outer?.right ?? 0) - (bubble?.right ?? 0)).toBeLessThan(20);
  });
});

describe('Message time on hover and focus', () => {
  const at = new Date(2026, 2, 18, 14, 5, 9).getTime();
  const stamp = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('[data-slot="message-time"]') as HTMLElement;
  const opacity = (element: HTMLElement) => () => getComputedStyle(element).opacity;

  it('given a message, should keep its own short time hidden until the row is pointed at', async () => {
    const screen = await render(
      <Message message={{ content: 'Hello there', createdAt: at, user: { name: 'Camille' } }} />,
    );
    const time = stamp(screen.container);
    expect(time.textContent).toBe('14:05');
    expect(time.getAttribute('dateTime')).toBe(new Date(at).toISOString());
    expect(time.getAttribute('title')).toBe('Wednesday, March 18, 2026 at 14:05');
    await userEvent.unhover(screen.getByText('Hello there'));
    await expect.poll(opacity(time)).toBe('0');
    await userEvent.hover(screen.getByText('Hello there'));
    await expect.poll(opacity(time)).toBe('1');
    await userEvent.unhover(screen.getByText('Hello there'));
    await expect.poll(opacity(time)).toBe('0');
  });

  it('given keyboard focus in the row, should show the time; screen readers read it with the message', async () => {
    const screen = await render(
      <Message
        message={{
          content: 'See my profile',
          createdAt: at,
          user: { name: 'Camille', url: 'https://example.com' },
        }}
      />,
    );
    const time = stamp(screen.container);
    await userEvent.unhover(screen.getByText('See my profile'));
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('link')).toHaveFocus();
    await expect.poll(opacity(time)).toBe('1');
    // Not hidden from the accessibility tree while unseen: read in order, after the text.
    expect(time.closest('[aria-hidden]')).toBeNull();
    expect(screen.container.textContent).toMatch(/See my profile.*14:05/);
  });

  it('given a right message, should put the time on the bubble’s outer side', async () => {
    const screen = await render(
      <div style={{ inlineSize: 500 }}>
        <Message message={{ content: 'Mine', position: 'right', createdAt: at, status: 'sent' }} />
      </div>,
    );
    const bubble = screen.container.querySelector('[data-slot="bubble"]')?.getBoundingClientRect();
    const time = stamp(screen.container).getBoundingClientRect();
    expect(time.right).toBeLessThanOrEqual(bubble?.left ?? 0);
  });

  it('given showTimeOnHover false, a notice or the typing indicator, should draw no own time', async () => {
    const screen = await render(
      <>
        <Message message={{ content: 'a', createdAt: at }} showTimeOnHover={false} />
        <Message message={{ type: 'system', position: 'pop', content: 'Camille joined', createdAt: at }} />
        <Message message={{ type: 'typing', content: null, createdAt: at }} />
      </>,
    );
    expect(screen.container.querySelector('[data-slot="message-time"]')).toBeNull();
  });
});
