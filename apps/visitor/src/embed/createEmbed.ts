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
  /** The button that dismisses the preview beside the launcher. Default 'Dismiss'. */
  dismiss: string;
  /** The preview of an agent message this page is not told the text of. Default 'New message'. */
  newMessage: string;
}

export interface EmbedOptions {
  /** The chat page, e.g. https://support.example.com/chat/index. Its origin is the only one trusted. */
  chatUrl: string;
  /** Query parameters for the chat page (channelid, groupid, username, ...). */
  params?: Record<string, string>;
  /** Corner of the launcher, as the word says whatever the page's direction. Default 'right'. */
  position?: 'left' | 'right';
  labels?: Partial<EmbedLabels>;
  /** Where the launcher is added. Default document.body. */
  container?: HTMLElement;
  /**
   * How long after the frame loaded the chat page must say it runs, in ms; silence means the chat
   * server does not allow this site to frame it. Default 8000.
   */
  readyTimeout?: number;
  /**
   * Loads what the panel shows when the chat refuses this site (`showRefusal`), only when that
   * happens. Default: the script `embed-refusal.js` beside the chat page.
   */
  loadRefusal?: () => Promise<typeof import('./refusal.js')>;
  /**
   * Shown beside the launcher `greetingDelay` ms after the loader started, unless the chat was
   * opened before; dismissed, it does not come back. Plain text, cut at 100 characters.
   */
  greeting?: string | undefined;
  /** Default 15000. */
  greetingDelay?: number | undefined;
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

// One string, no line breaks: the rules are joined at build time.
const CSS =
  ':host{all:initial}' +
  '.l,.p,.t{position:fixed;z-index:2147483000;font:14px/1.4 system-ui,sans-serif}' +
  '.l{bottom:20px;width:56px;height:56px;border:0;border-radius:50%;background:#0b57d0;color:#fff;cursor:pointer;box-shadow:0 4px 16px #0004;display:grid;place-items:center}' +
  'button:focus-visible{outline:3px solid #0b57d0;outline-offset:3px}' +
  '.b{position:absolute;top:-4px;inset-inline-end:-4px;min-width:10px;padding:0 5px;border-radius:10px;background:#b3261e;color:#fff;font-size:12px;line-height:20px;text-align:center}' +
  '.p,.t{bottom:88px;display:flex;background:#fff;color:#1f1f1f;border-radius:12px;box-shadow:0 8px 32px #0005}' +
  '.t{align-items:start;max-width:min(320px,calc(100vw - 42px));border:1px solid transparent}' +
  '.o{all:unset;flex:1;padding:10px 0;padding-inline-start:14px;cursor:pointer;overflow-wrap:anywhere}' +
  '.t .x{margin:4px;color:inherit}' +
  '.p{width:380px;height:min(640px,calc(100vh - 120px));flex-direction:column;overflow:hidden}' +
  '.x{width:32px;height:32px;border:0;border-radius:6px;background:none;color:#fff;font-size:22px;line-height:1;cursor:pointer}' +
  // The panel's own close button, until the chat page runs and shows its header's (one header).
  '.c{position:absolute;top:8px;inset-inline-end:8px;z-index:1;background:#0b57d0}' +
  '.f{flex:1;border:0;width:100%}' +
  '.e{margin:auto;padding:24px;text-align:center}.e a{color:#0b57d0}' +
  '.R{right:20px}.L{left:20px}' +
  '[hidden]{display:none!important}' +
  '@media (max-width:480px){.p{inset:0;width:auto;height:auto;border-radius:0}}' +
  '@media (prefers-reduced-motion:no-preference){.l{transition:transform .15s}.l:hover{transform:scale(1.06)}.t{animation:u .2s}}' +
  '@keyframes u{from{opacity:0;transform:translateY(8px)}}';

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
  // The refusal's labels have their defaults in refusal.ts, which is loaded only when needed.
  const labels: Partial<EmbedLabels> & Omit<EmbedLabels, 'refused' | 'openInTab'> = {
    open: 'Open chat',
    close: 'Close chat',
    title: 'Customer service chat',
    dismiss: 'Dismiss',
    newMessage: 'New message',
    ...options.labels,
  };
  const url = new URL(options.chatUrl);
  for (const [name, value] of Object.entries(options.params ?? {})) url.searchParams.set(name, value);
  // The chat in its own tab, for a site the chat refuses to be framed by.
  const tabUrl = url.href;
  url.searchParams.set('from', 'iframe');
  const chatOrigin = url.origin;
  const side = options.position === 'left' ? 'L' : 'R';

  const host = document.createElement('div');
  host.setAttribute('data-parley-embed', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${CSS}</style><button class="l ${side}" type="button" aria-expanded="false" aria-controls="p">${ICON}<span class="b" hidden></span></button><div role="status"><div class="t ${side}" hidden><button class="o" type="button" dir="auto"></button><button class="x" type="button">×</button></div></div><div class="p ${side}" id="p" role="dialog" hidden><button class="x c" type="button">×</button></div>`;
  const [launcher, preview, dismissButton, closeButton] = root.querySelectorAll('button') as unknown as [
    HTMLButtonElement,
    HTMLButtonElement,
    HTMLButtonElement,
    HTMLButtonElement,
  ];
  const [badge, bubble, panel] = root.querySelectorAll('.b,.t,.p') as unknown as [
    HTMLElement,
    HTMLElement,
    HTMLElement,
  ];
  panel.setAttribute('aria-label', labels.title);
  closeButton.setAttribute('aria-label', labels.close);
  dismissButton.setAttribute('aria-label', labels.dismiss);
  (options.container ?? document.body).append(host);

  let frame: HTMLIFrameElement | null = null;
  /** Whether the chat page has loaded in the frame: only then can it be told anything. */
  let frameLoaded = false;
  let ready = false;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let refusal: HTMLElement | null = null;
  let opened = false;
  let unread = 0;
  const listeners: Partial<Record<keyof Events, Set<(payload: never) => void>>> = {};
  const emit = <E extends keyof Events>(event: E, payload: Events[E]) => {
    for (const listener of listeners[event] ?? []) (listener as (payload: Events[E]) => void)(payload);
  };

  // The preview beside the launcher: the latest agent message while the panel is closed, or the
  // greeting. Text only (textContent), so whatever an agent writes shows as written.
  const showPreview = (text: string, name = '') => {
    const characters = [...text.trim()];
    preview.textContent =
      (name && `${name}: `) + characters.slice(0, 100).join('') + (characters[100] ? '…' : '');
    bubble.hidden = false;
  };
  const hidePreview = () => {
    bubble.hidden = true;
  };
  const { greeting } = options;
  // Only before the chat was ever opened; in memory, so a new page view may greet again.
  const greetingTimer = greeting
    ? setTimeout(() => showPreview(greeting), options.greetingDelay ?? 15_000)
    : undefined;

  const render = () => {
    launcher.setAttribute('aria-expanded', String(opened));
    const count = unread > 99 ? '99+' : String(unread);
    // The name holds the badge's visible text as a word of its own (WCAG 2.5.3, label in name).
    launcher.setAttribute('aria-label', unread ? `${labels.open}, ${count}` : labels.open);
    badge.textContent = count;
    badge.hidden = unread === 0;
    panel.hidden = !opened;
  };

  const tellChat = () => {
    // Until the chat page has loaded, the frame holds about:blank of this page's origin: a message
    // for the chat's origin would not be delivered, only warned about. The load tells it instead.
    if (!frameLoaded) return;
    const message: ParentToChat = { source: MESSAGE_SOURCE, type: 'visibility', open: opened };
    frame?.contentWindow?.postMessage(message, chatOrigin);
  };

  // The browser shows no error to the page when a frame is refused (CSP frame-ancestors): the chat
  // page's 'ready' not arriving after the frame loaded is the sign.
  const refused = async () => {
    const { showRefusal } = await (options.loadRefusal ?? loadRefusal)();
    if (ready || !frame || refusal) return;
    frame.hidden = true;
    closeButton.hidden = false;
    refusal = showRefusal(panel, chatOrigin, tabUrl, labels);
  };
  // A classic script, as embed.js is: the chat server sends no CORS headers a module would need.
  const loadRefusal = () =>
    new Promise<typeof import('./refusal.js')>((resolve) => {
      const script = document.createElement('script');
      script.src = new URL('embed-refusal.js', url).href;
      script.onload = () =>
        resolve(
          (window as unknown as { ParleyEmbedRefusal: typeof import('./refusal.js') }).ParleyEmbedRefusal,
        );
      document.head.append(script);
    });
  const onFrameLoad = () => {
    frameLoaded = true;
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
      // The chat's header has its close button now: the panel shows one header, the chat's.
      closeButton.hidden = true;
      refusal?.remove();
      refusal = null;
      return;
    }
    if (event.data.type === 'close') return api.close();
    const { data } = event;
    // Without the text (a notification), the preview says only that a message arrived.
    const message = data.type === 'message' ? data.message : { text: labels.newMessage, senderName: '' };
    if (!opened) {
      unread += 1;
      showPreview(message.text, message.senderName);
    }
    render();
    // 'message' and 'notification' carry their payload under their own name.
    emit(data.type, (data as unknown as Record<typeof data.type, Events[typeof data.type]>)[data.type]);
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
      clearTimeout(greetingTimer);
      hidePreview();
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
      const set = listeners[event] ?? new Set();
      listeners[event] = set;
      set.add(listener);
      return () => set.delete(listener);
    },
    destroy() {
      clearTimeout(readyTimer);
      clearTimeout(greetingTimer);
      window.removeEventListener('message', onMessage);
      for (const set of Object.values(listeners)) set.clear();
      host.remove();
      frame = null;
    },
  };

  launcher.addEventListener('click', api.toggle);
  closeButton.addEventListener('click', api.close);
  preview.addEventListener('click', api.open);
  // Dismissed, the preview's buttons are gone: the launcher takes the focus instead of the page.
  const dismiss = () => {
    hidePreview();
    launcher.focus();
  };
  dismissButton.addEventListener('click', dismiss);
  // Escape dismisses the preview when it has the focus, and otherwise closes the panel.
  root.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape')
      bubble.contains(event.target as Node) ? dismiss() : api.close();
  });
  render();
  return api;
}
