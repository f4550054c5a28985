import { isChatToParent, MESSAGE_SOURCE, type ParentToChat } from './protocol.js';

export interface EmbedLabels {
  /** The launcher's accessible name. Default 'Open chat'. */
  open: string;
  /** The close button's accessible name. Default 'Close chat'. */
  close: string;
  /** The chat frame's title. Default 'Customer service chat'. */
  title: string;
  /** Shown in the panel when the chat refuses to run in this page. Default 'The chat cannot be shown on this site.' */
  refused: string;
  /** The link to the chat in its own tab, shown with `refused`. Default 'Open the chat in a new tab'. */
  openInTab: string;
}

export interface EmbedOptions {
  /** The chat page, e.g. https://support.example.com/chat/index. Its origin is the only one trusted. */
  chatUrl: string;
  /** Query parameters for the chat page (channelid, groupid, username, ...). */
  params?: Record<string, string>;
  /** Corner of the launcher. Default 'right' (the inline end). */
  position?: 'left' | 'right';
  labels?: Partial<EmbedLabels>;
  /** Where the launcher is added. Default document.body. */
  container?: HTMLElement;
  /**
   * How long after the frame loaded the chat page must say it runs, in ms; silence means the chat
   * server does not allow this site to frame it. Default 8000.
   */
  readyTimeout?: number;
}

export interface EmbedMessage {
  id: string;
  text: string;
  senderName?: string;
  time: number;
}

/** An agent message told without its content (the chat's deployment does not list this page). */
export interface EmbedNotification {
  id: string;
  time: number;
  /** Agent messages since the panel was last open, as the chat counts them. */
  unread: number;
}

type Events = { message: EmbedMessage; notification: EmbedNotification; open: undefined; close: undefined };

/** The loader's JavaScript API, `window.Parley` on a page that uses embed.js. */
export interface ParleyEmbed {
  open(): void;
  close(): void;
  toggle(): void;
  isOpen(): boolean;
  /** Agent messages received while the panel was closed. */
  unread(): number;
  /**
   * Subscribes to 'message' (an agent message, when the chat's deployment allows this page),
   * 'notification' (an agent message without its content, otherwise), 'open' or 'close'; returns
   * the unsubscribe.
   */
  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void;
  /** Removes the launcher, the frame and every listener. */
  destroy(): void;
}

const CSS = `:host{all:initial}
.l,.p{position:fixed;z-index:2147483000;font:14px/1.4 system-ui,sans-serif}
.l{bottom:20px;width:56px;height:56px;border:0;border-radius:50%;background:#0b57d0;color:#fff;cursor:pointer;box-shadow:0 4px 16px #0004;display:grid;place-items:center}
.l:focus-visible,.x:focus-visible{outline:3px solid #0b57d0;outline-offset:3px}
.b{position:absolute;top:-4px;inset-inline-end:-4px;min-width:20px;height:20px;padding:0 5px;box-sizing:border-box;border-radius:10px;background:#b3261e;color:#fff;font-size:12px;line-height:20px;text-align:center}
.p{bottom:88px;width:380px;height:min(640px,calc(100vh - 120px));display:flex;flex-direction:column;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 8px 32px #0005}
.h{display:flex;justify-content:flex-end;padding:4px;background:#0b57d0}
.x{width:32px;height:32px;border:0;border-radius:6px;background:none;color:#fff;font-size:22px;line-height:1;cursor:pointer}
.f{flex:1;border:0;width:100%}
.e{margin:auto;padding:24px;text-align:center;color:#1f1f1f}.e a{color:#0b57d0}
.R{right:20px}.L{left:20px}
[hidden]{display:none!important}
@media (max-width:480px){.p{inset:0;width:auto;height:auto;border-radius:0}}
@media (prefers-reduced-motion:no-preference){.l{transition:transform .15s}.l:hover{transform:scale(1.06)}}`;

const ICON =
  '<svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M4 5h16v11H8l-4 4Z"/></svg>';

/**
 * Adds a chat launcher to a page: a button in a corner, and on first open an iframe with the chat
 * page (nothing of the chat app loads before). Counts agent messages that arrive while closed.
 *
 * @example
 * const chat = createEmbed({ chatUrl: 'https://support.example.com/chat/index', params: { channelid: '7' } });
 * chat.on('message', (message) => console.info(message.text));
 */
export function createEmbed(options: EmbedOptions): ParleyEmbed {
  const labels: EmbedLabels = {
    open: 'Open chat',
    close: 'Close chat',
    title: 'Customer service chat',
    refused: 'The chat cannot be shown on this site.',
    openInTab: 'Open the chat in a new tab',
    ...options.labels,
  };
  const url = new URL(options.chatUrl);
  for (const [name, value] of Object.entries(options.params ?? {})) url.searchParams.set(name, value);
  url.searchParams.set('from', 'iframe');
  const chatOrigin = url.origin;
  const side = options.position === 'left' ? 'L' : 'R';

  const host = document.createElement('div');
  host.setAttribute('data-parley-embed', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${CSS}</style><button class="l ${side}" type="button" aria-expanded="false" aria-controls="p">${ICON}<span class="b" hidden></span></button><div class="p ${side}" id="p" role="dialog" hidden><div class="h"><button class="x" type="button">×</button></div></div>`;
  const launcher = root.querySelector('.l') as HTMLButtonElement;
  const badge = root.querySelector('.b') as HTMLSpanElement;
  const panel = root.querySelector('.p') as HTMLDivElement;
  const closeButton = root.querySelector('.x') as HTMLButtonElement;
  panel.setAttribute('aria-label', labels.title);
  closeButton.setAttribute('aria-label', labels.close);
  (options.container ?? document.body).append(host);

  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let refusal: HTMLParagraphElement | null = null;
  let opened = false;
  let unread = 0;
  const listeners: { [E in keyof Events]: Set<(payload: Events[E]) => void> } = {
    message: new Set(),
    notification: new Set(),
    open: new Set(),
    close: new Set(),
  };
  const emit = <E extends keyof Events>(event: E, payload: Events[E]) => {
    for (const listener of listeners[event]) listener(payload);
  };

  const render = () => {
    launcher.setAttribute('aria-expanded', String(opened));
    launcher.setAttribute('aria-label', unread ? `${labels.open} (${unread})` : labels.open);
    badge.textContent = unread > 99 ? '99+' : String(unread);
    badge.hidden = unread === 0;
    panel.hidden = !opened;
  };

  const tellChat = () => {
    const message: ParentToChat = { source: MESSAGE_SOURCE, type: 'visibility', open: opened };
    frame?.contentWindow?.postMessage(message, chatOrigin);
  };

  // The browser shows no error to the page when a frame is refused (CSP frame-ancestors): the chat
  // page's 'ready' not arriving after the frame loaded is the sign. The visitor gets a way on in a
  // new tab; the site's developer gets the reason in the console.
  const refused = () => {
    if (ready || !frame || refusal) return;
    console.error(
      `Parley: the chat at ${chatOrigin} did not start in this page. Its server does not allow ${location.origin} to frame it: add this site to the channel's sites (or FRAME_ANCESTORS) on the chat server.`,
    );
    const tab = new URL(url.href);
    tab.searchParams.delete('from');
    refusal = document.createElement('p');
    refusal.className = 'e';
    refusal.setAttribute('role', 'alert');
    const link = document.createElement('a');
    link.href = tab.href;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = labels.openInTab;
    refusal.append(labels.refused, document.createElement('br'), link);
    frame.hidden = true;
    panel.append(refusal);
  };
  const onFrameLoad = () => {
    tellChat();
    clearTimeout(readyTimer);
    if (!ready) readyTimer = setTimeout(refused, options.readyTimeout ?? 8000);
  };

  const onMessage = (event: MessageEvent) => {
    if (!frame || event.origin !== chatOrigin || event.source !== frame.contentWindow) return;
    if (!isChatToParent(event.data)) return;
    if (event.data.type === 'ready') {
      ready = true;
      clearTimeout(readyTimer);
      frame.hidden = false;
      refusal?.remove();
      refusal = null;
      return;
    }
    if (event.data.type === 'close') return api.close();
    if (!opened) unread += 1;
    render();
    if (event.data.type === 'notification') emit('notification', event.data.notification);
    else emit('message', event.data.message);
  };
  window.addEventListener('message', onMessage);

  const api: ParleyEmbed = {
    open() {
      if (!frame) {
        frame = document.createElement('iframe');
        frame.className = 'f';
        frame.title = labels.title;
        frame.src = url.href;
        frame.allow = 'microphone; clipboard-write; autoplay';
        frame.addEventListener('load', onFrameLoad);
        panel.append(frame);
      }
      if (opened) return;
      opened = true;
      unread = 0;
      render();
      tellChat();
      frame.focus();
      emit('open', undefined);
    },
    close() {
      if (!opened) return;
      opened = false;
      render();
      tellChat();
      launcher.focus();
      emit('close', undefined);
    },
    toggle: () => (opened ? api.close() : api.open()),
    isOpen: () => opened,
    unread: () => unread,
    on(event, listener) {
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
    destroy() {
      clearTimeout(readyTimer);
      window.removeEventListener('message', onMessage);
      for (const set of Object.values(listeners)) set.clear();
      host.remove();
      frame = null;
    },
  };

  launcher.addEventListener('click', api.toggle);
  closeButton.addEventListener('click', api.close);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') api.close();
  });
  render();
  return api;
}
