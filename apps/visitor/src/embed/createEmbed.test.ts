import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbed, type ParleyEmbed } from './createEmbed.js';

const chatUrl = `${location.origin}/__parley-chat__/index`;
let embed: ParleyEmbed | undefined;

function mount(options: Partial<Parameters<typeof createEmbed>[0]> = {}) {
  embed = createEmbed({ chatUrl, params: { channelid: 'demo', username: 'Ann Lee' }, ...options });
  const root = document.querySelector('[data-parley-embed]')?.shadowRoot;
  if (!root) throw new Error('no launcher');
  return {
    embed,
    launcher: root.querySelector('button.l') as HTMLButtonElement,
    badge: root.querySelector('.b') as HTMLElement,
    bubble: root.querySelector('.t') as HTMLElement,
    preview: root.querySelector('.t button.o') as HTMLButtonElement,
    dismiss: root.querySelector('.t button.x') as HTMLButtonElement,
    focused: () => root.activeElement,
    panel: root.querySelector('.p') as HTMLElement,
    close: root.querySelector('.p button.x') as HTMLButtonElement,
    frame: () => root.querySelector('iframe'),
  };
}

function fromChat(frame: HTMLIFrameElement | null, data: unknown, origin = location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame?.contentWindow ?? null }));
}

const agentMessage = (id: string) => ({
  source: 'parley',
  type: 'message',
  message: { id, text: `hello ${id}`, senderName: 'Mia', time: 1_700_000_000_000 },
});

afterEach(() => {
  embed?.destroy();
  embed = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const notification = (id: string, unread: number) => ({
  source: 'parley',
  type: 'notification',
  notification: { id, time: 1_700_000_000_000, unread },
});

/** A launcher whose chat was opened once and closed again, so agent messages reach it. */
function mountClosedAfterChat(options: Partial<Parameters<typeof createEmbed>[0]> = {}) {
  const mounted = mount(options);
  mounted.launcher.click();
  embed?.close();
  return mounted;
}

describe('embed loader', () => {
  it('given a page, should add only a labelled launcher and load no chat frame yet', () => {
    const { launcher, panel, frame } = mount();
    expect(launcher.getAttribute('aria-label')).toBe('Open chat');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(frame()).toBeNull();
  });

  it('when opened, should create the chat frame with the parameters and from=iframe', () => {
    const { launcher, panel, frame } = mount();
    const opened = vi.fn();
    embed?.on('open', opened);
    launcher.click();
    const src = new URL(frame()?.src ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(chatUrl);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      channelid: 'demo',
      username: 'Ann Lee',
      from: 'iframe',
    });
    expect(frame()?.title).toBe('Customer service chat');
    expect(panel.hidden).toBe(false);
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('given more than 99 unread agent messages, should say 99+ on the badge and in the name alike', () => {
    const { launcher, badge, frame } = mount();
    launcher.click();
    embed?.close();
    for (let index = 0; index < 120; index += 1) fromChat(frame(), agentMessage(`m${index}`));
    expect(embed?.unread()).toBe(120);
    expect(badge.textContent).toBe('99+');
    expect(launcher.getAttribute('aria-label')).toBe('Open chat, 99+');
  });

  it('given an agent message while closed, should count it on the badge and tell listeners', () => {
    const { launcher, badge, frame } = mount();
    launcher.click();
    embed?.close();
    const received = vi.fn();
    embed?.on('message', received);
    fromChat(frame(), agentMessage('m1'));
    fromChat(frame(), agentMessage('m2'));
    expect(embed?.unread()).toBe(2);
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe('2');
    expect(launcher.getAttribute('aria-label')).toBe('Open chat, 2');
    expect(received).toHaveBeenCalledWith({
      id: 'm2',
      text: 'hello m2',
      senderName: 'Mia',
      time: 1_700_000_000_000,
    });
  });

  it('given a notification without content (no allow-list), should count it on the badge and tell its listeners', () => {
    const { launcher, badge, frame } = mount();
    launcher.click();
    embed?.close();
    const notified = vi.fn();
    const messages = vi.fn();
    embed?.on('notification', notified);
    embed?.on('message', messages);
    const notification = { id: 'm1', time: 1_700_000_000_000, unread: 1 };
    fromChat(frame(), { source: 'parley', type: 'notification', notification });
    fromChat(frame(), { source: 'parley', type: 'notification', notification: { id: 'm2' } });
    expect(embed?.unread()).toBe(1);
    expect(badge.textContent).toBe('1');
    expect(notified).toHaveBeenCalledExactlyOnceWith(notification);
    expect(messages).not.toHaveBeenCalled();
  });

  it('given an agent message while open, should not count it as unread', () => {
    const { launcher, badge, frame } = mount();
    launcher.click();
    fromChat(frame(), agentMessage('m1'));
    expect(embed?.unread()).toBe(0);
    expect(badge.hidden).toBe(true);
  });

  it('when opened again, should clear the unread count', () => {
    const { launcher, badge, frame } = mount();
    launcher.click();
    embed?.close();
    fromChat(frame(), agentMessage('m1'));
    launcher.click();
    expect(embed?.unread()).toBe(0);
    expect(badge.hidden).toBe(true);
  });

  it('given a message from another origin or another window, should ignore it', () => {
    const { launcher, frame } = mount();
    launcher.click();
    embed?.close();
    const received = vi.fn();
    embed?.on('message', received);
    fromChat(frame(), agentMessage('evil'), 'https://evil.example');
    window.dispatchEvent(
      new MessageEvent('message', { data: agentMessage('x'), origin: location.origin, source: window }),
    );
    fromChat(frame(), { source: 'parley', type: 'message', message: { id: 1 } });
    expect(received).not.toHaveBeenCalled();
    expect(embed?.unread()).toBe(0);
  });

  it('given a message before the frame exists, should ignore it', () => {
    mount();
    fromChat(null, agentMessage('early'));
    expect(embed?.unread()).toBe(0);
  });

  it('when first opened, should not post to the frame before the chat page loaded in it, then tell it at once', () => {
    // Until it loads, the frame holds about:blank of this page's origin: a message for the chat's
    // origin would not be delivered, and the browser warns about it in the console.
    const framed = { postMessage: vi.fn() };
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(
      framed as unknown as Window,
    );
    const { launcher, frame } = mount();
    launcher.click();
    expect(framed.postMessage).not.toHaveBeenCalled();
    frame()?.dispatchEvent(new Event('load'));
    expect(framed.postMessage.mock.calls).toEqual([
      [{ source: 'parley', type: 'visibility', open: true }, location.origin],
    ]);
  });

  it('should tell the chat page whether it is visible, to its own origin only', () => {
    const { launcher, frame } = mount();
    launcher.click();
    frame()?.dispatchEvent(new Event('load'));
    const post = vi.spyOn(frame()?.contentWindow as Window, 'postMessage');
    embed?.close();
    embed?.open();
    expect(post.mock.calls).toEqual([
      [{ source: 'parley', type: 'visibility', open: false }, location.origin],
      [{ source: 'parley', type: 'visibility', open: true }, location.origin],
    ]);
  });

  it('when closed by the button, Escape or the chat page, should hide the panel and return focus to the launcher', () => {
    const { launcher, panel, close, frame } = mount();
    launcher.click();
    close.click();
    expect(panel.hidden).toBe(true);
    expect(document.activeElement?.shadowRoot?.activeElement).toBe(launcher);

    launcher.click();
    close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(panel.hidden).toBe(true);

    launcher.click();
    fromChat(frame(), { source: 'parley', type: 'close' });
    expect(embed?.isOpen()).toBe(false);
  });

  it('given position left and custom labels, should use them', () => {
    const { launcher, close } = mount({ position: 'left', labels: { open: 'Chat with us', close: 'Hide' } });
    expect(launcher.classList.contains('L')).toBe(true);
    expect(launcher.getAttribute('aria-label')).toBe('Chat with us');
    expect(close.getAttribute('aria-label')).toBe('Hide');
  });

  it('when destroyed, should remove the launcher and stop listening', () => {
    const { launcher, frame } = mount();
    launcher.click();
    const iframe = frame();
    const received = vi.fn();
    embed?.on('message', received);
    embed?.destroy();
    embed = undefined;
    fromChat(iframe, agentMessage('late'));
    expect(document.querySelector('[data-parley-embed]')).toBeNull();
    expect(received).not.toHaveBeenCalled();
  });
});

describe('embed loader: a chat that refuses this site', () => {
  const loaded = (frame: HTMLIFrameElement | null) => frame?.dispatchEvent(new Event('load'));
  const loadRefusal = () => import('./refusal.js');

  it('given the frame loaded and the chat never says it runs, should explain and offer a new tab', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { launcher, panel, frame } = mount({ readyTimeout: 20, loadRefusal });
    launcher.click();
    loaded(frame());
    // The notice is a part of its own, downloaded when needed: a busy machine takes its time.
    await vi.waitFor(() => expect(panel.querySelector('[role="alert"]')).not.toBeNull(), { timeout: 10_000 });
    const alert = panel.querySelector('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('The chat cannot be shown on this site.');
    const link = alert.querySelector('a') as HTMLAnchorElement;
    expect(link.textContent).toBe('Open the chat in a new tab');
    expect(link.target).toBe('_blank');
    expect(new URL(link.href).searchParams.get('from')).toBeNull();
    expect(new URL(link.href).searchParams.get('channelid')).toBe('demo');
    expect(frame()?.hidden).toBe(true);
    // No chat header to close it from: the panel keeps its own close button.
    expect((panel.querySelector('button.x') as HTMLButtonElement).hidden).toBe(false);
    expect(error.mock.calls[0]?.[0]).toContain(`does not allow ${location.origin} to frame it`);
    error.mockRestore();
  });

  it("given the chat says it runs, should show it with one header (the chat's), count nothing unread and report no error", async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusalLoads = vi.fn(loadRefusal);
    const { launcher, panel, frame, badge, close } = mount({ readyTimeout: 20, loadRefusal: refusalLoads });
    launcher.click();
    // Until the chat runs, the panel can be closed with its own button.
    expect(close.hidden).toBe(false);
    loaded(frame());
    fromChat(frame(), { source: 'parley', type: 'ready' });
    // The chat's header has the close button: the panel adds no bar and no second button.
    expect(close.hidden).toBe(true);
    expect(panel.querySelector('.h')).toBeNull();
    // Past the ready timeout: a refusal would start by loading its notice.
    vi.advanceTimersByTime(60);
    expect(refusalLoads).not.toHaveBeenCalled();
    expect(panel.querySelector('[role="alert"]')).toBeNull();
    expect(frame()?.hidden).toBe(false);
    expect(badge.hidden).toBe(true);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('embed loader: the preview beside the launcher', () => {
  it('given an agent message while closed, should preview its sender and text, politely and without taking the focus', () => {
    const { bubble, preview, launcher, frame } = mountClosedAfterChat();
    fromChat(frame(), agentMessage('m1'));
    expect(bubble.hidden).toBe(false);
    expect(preview.textContent).toBe('Mia: hello m1');
    expect(bubble.closest('[role="status"]')).not.toBeNull();
    expect(document.activeElement?.shadowRoot?.activeElement).toBe(launcher);
  });

  it('given an Arabic agent message on a left-to-right page, should set the preview in its own direction', () => {
    const { preview, frame } = mountClosedAfterChat();
    const arabic = { ...agentMessage('m1').message, senderName: 'مريم', text: 'مرحبا' };
    fromChat(frame(), { ...agentMessage('m1'), message: arabic });
    expect(preview.dir).toBe('auto');
    expect(getComputedStyle(preview).direction).toBe('rtl');
  });

  it('given several agent messages, should preview only the latest', () => {
    const { preview, badge, frame } = mountClosedAfterChat();
    fromChat(frame(), agentMessage('m1'));
    fromChat(frame(), agentMessage('m2'));
    expect(preview.textContent).toBe('Mia: hello m2');
    expect(badge.textContent).toBe('2');
  });

  it('given a long message, should show its first 100 characters and an ellipsis', () => {
    const { preview, frame } = mountClosedAfterChat();
    const text = `${'a'.repeat(99)}😀${'b'.repeat(50)}`;
    fromChat(frame(), { ...agentMessage('m1'), message: { id: 'm1', text, time: 1 } });
    expect(preview.textContent).toBe(`${'a'.repeat(99)}😀…`);
  });

  it('given a hostile message, should show it as text', () => {
    const { preview, frame } = mountClosedAfterChat();
    const text = '<img src=x onerror="window.hacked=1"><b>bold</b>';
    fromChat(frame(), {
      ...agentMessage('m1'),
      message: { id: 'm1', text, senderName: '<i>Mia</i>', time: 1 },
    });
    expect(preview.textContent).toBe(`<i>Mia</i>: ${text}`);
    expect(preview.children).toHaveLength(0);
  });

  it('given a notification without content, should preview a generic line', () => {
    const { preview, badge, frame } = mountClosedAfterChat({ labels: { newMessage: 'Nouveau message' } });
    fromChat(frame(), notification('m1', 1));
    expect(preview.textContent).toBe('Nouveau message');
    expect(badge.textContent).toBe('1');
  });

  it('given an agent message while open, should show no preview', () => {
    const { launcher, bubble, frame } = mount();
    launcher.click();
    fromChat(frame(), agentMessage('m1'));
    expect(bubble.hidden).toBe(true);
  });

  it('when the preview is pressed, should open the chat and clear the badge and the preview', () => {
    const { preview, bubble, badge, panel, frame } = mountClosedAfterChat();
    fromChat(frame(), agentMessage('m1'));
    preview.click();
    expect(panel.hidden).toBe(false);
    expect(bubble.hidden).toBe(true);
    expect(badge.hidden).toBe(true);
    embed?.close();
    expect(bubble.hidden).toBe(true);
  });

  it('when the chat is opened another way, should clear the preview', () => {
    const { bubble, frame } = mountClosedAfterChat();
    fromChat(frame(), agentMessage('m1'));
    embed?.open();
    expect(bubble.hidden).toBe(true);
  });

  it('when dismissed by its button or Escape, should hide, keep the badge and give the launcher the focus', () => {
    const { bubble, dismiss, preview, badge, launcher, panel, frame } = mountClosedAfterChat();
    fromChat(frame(), agentMessage('m1'));
    expect(dismiss.getAttribute('aria-label')).toBe('Dismiss');
    dismiss.click();
    expect(bubble.hidden).toBe(true);
    expect(badge.textContent).toBe('1');
    expect(document.activeElement?.shadowRoot?.activeElement).toBe(launcher);

    fromChat(frame(), agentMessage('m2'));
    expect(bubble.hidden).toBe(false);
    preview.focus();
    preview.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(bubble.hidden).toBe(true);
    expect(panel.hidden).toBe(true);
    expect(document.activeElement?.shadowRoot?.activeElement).toBe(launcher);
  });

  it('given position left, should put the preview on the launcher side', () => {
    const { bubble } = mount({ position: 'left' });
    expect(bubble.classList.contains('L')).toBe(true);
  });
});

describe('embed loader: the greeting', () => {
  it('given a greeting, should show it after the delay and not before', () => {
    vi.useFakeTimers();
    const { bubble, preview, frame } = mount({
      greeting: 'Need help choosing a size?',
      greetingDelay: 20_000,
    });
    vi.advanceTimersByTime(19_999);
    expect(bubble.hidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bubble.hidden).toBe(false);
    expect(preview.textContent).toBe('Need help choosing a size?');
    expect(frame()).toBeNull();
  });

  it('given no delay, should greet after 15 seconds', () => {
    vi.useFakeTimers();
    const { bubble } = mount({ greeting: 'Hello' });
    vi.advanceTimersByTime(14_999);
    expect(bubble.hidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bubble.hidden).toBe(false);
  });

  it('given a long or hostile greeting, should show its first 100 characters as text', () => {
    vi.useFakeTimers();
    const greeting = `<b>${'x'.repeat(120)}</b>`;
    const { preview } = mount({ greeting, greetingDelay: 0 });
    vi.advanceTimersByTime(0);
    expect(preview.textContent).toBe(`${greeting.slice(0, 100)}…`);
    expect(preview.children).toHaveLength(0);
  });

  it('when pressed, should open the chat and not come back', () => {
    vi.useFakeTimers();
    const { bubble, preview, panel } = mount({ greeting: 'Hello', greetingDelay: 1000 });
    vi.advanceTimersByTime(1000);
    preview.click();
    expect(panel.hidden).toBe(false);
    expect(bubble.hidden).toBe(true);
    embed?.close();
    vi.advanceTimersByTime(60_000);
    expect(bubble.hidden).toBe(true);
  });

  it('given the chat opened before the delay, should never greet', () => {
    vi.useFakeTimers();
    const { bubble, launcher } = mount({ greeting: 'Hello', greetingDelay: 1000 });
    launcher.click();
    embed?.close();
    vi.advanceTimersByTime(60_000);
    expect(bubble.hidden).toBe(true);
  });

  it('when dismissed, should not come back', () => {
    vi.useFakeTimers();
    const { bubble, dismiss } = mount({ greeting: 'Hello', greetingDelay: 1000 });
    vi.advanceTimersByTime(1000);
    dismiss.click();
    vi.advanceTimersByTime(60_000);
    expect(bubble.hidden).toBe(true);
  });

  it('when destroyed before the delay, should leave no timer behind', () => {
    vi.useFakeTimers();
    mount({ greeting: 'Hello', greetingDelay: 1000 });
    expect(vi.getTimerCount()).toBe(1);
    embed?.destroy();
    embed = undefined;
    expect(vi.getTimerCount()).toBe(0);
  });
});
