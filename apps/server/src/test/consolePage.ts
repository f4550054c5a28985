import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CLAIM_WINDOW_MS } from '@parley/agent-core';
import type { Locator, Page } from '@playwright/test';
import type { Json } from './child.js';

// What the console's browser tests share beside the server (consoleBrowser.ts): stand-ins for the
// browser's notifications and sound, and ways to read and drive a console page.

/**
 * Stand-ins for what a test browser cannot show or play: a desktop Notification that records what
 * it was asked to show (the permission is per origin, as in a browser: kept in localStorage), and
 * an AudioContext that counts the chime's notes.
 */
export const ALERT_STUBS = `(() => {
  const KEY = 'test-notification-permission';
  window.__notifications = [];
  window.__permissionRequests = 0;
  window.__chimeNotes = 0;
  class FakeNotification {
    static get permission() {
      try { return localStorage.getItem(KEY) || 'default'; } catch { return 'default'; }
    }
    static requestPermission() {
      window.__permissionRequests += 1;
      localStorage.setItem(KEY, 'granted');
      return Promise.resolve('granted');
    }
    constructor(title, options = {}) {
      this.title = title;
      this.body = options.body;
      this.onclick = null;
      window.__notifications.push(this);
    }
    close() {}
  }
  window.Notification = FakeNotification;
  // The claims the agent's tabs post on their channel (tabs.ts), with when this page heard each.
  window.__claims = {};
  new BroadcastChannel('parley-console').onmessage = ({ data }) => {
    if (data && data.type === 'claim') (window.__claims[data.event] ||= []).push({ tab: data.tab, heard: Date.now() });
  };
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {}, linearRampToValueAtTime() {} });
  const node = (extra) => ({ connect: (next) => next, disconnect() {}, ...extra });
  window.AudioContext = class {
    state = 'running';
    currentTime = 0;
    destination = node({});
    resume() { return Promise.resolve(); }
    createGain() { return node({ gain: param() }); }
    createOscillator() {
      return node({ type: 'sine', frequency: param(), start() { window.__chimeNotes += 1; }, stop() {} });
    }
  };
})();`;
/** Whether the element has the keyboard focus (read in the page: this package has no DOM types). */
export const isFocused = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe finds on the page as it is now, once motion has settled (a dialog fading in). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as {
      document: { getAnimations(): { playState: string }[] };
    };
    return document.getAnimations().every((animation) => animation.playState !== 'running');
  });
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: {
        run(
          context: unknown,
          options: object,
        ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const results = await axe.run((globalThis as unknown as { document: unknown }).document, {
      resultTypes: ['violations'],
    });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}

/** How long a test waits for the console to show what the server or another tab did. */
export const SOON = { timeout: 10_000 };
/** The chime is two notes. */
export const CHIME_NOTES = 2;

export type Shown = { title: string; body: string };
/** What a page's desktop notifications showed, and how many notes it chimed. */
export const alertsOf = async (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as { __notifications: Shown[]; __chimeNotes: number };
    return {
      notifications: w.__notifications.map(({ title, body }) => ({ title, body })),
      chimes: w.__chimeNotes,
    };
  });
/**
 * Resolves once `events` alerts were claimed by every one of `tabs` tabs and the claim window has
 * passed since the last claim: every tab has decided whether it chimes and notifies.
 */
export const claimsSettled = (page: Page, events: number, tabs: number) =>
  page.waitForFunction(
    ([events, tabs, windowMs]) => {
      const claims = (globalThis as unknown as { __claims: Record<string, { tab: string; heard: number }[]> })
        .__claims;
      const all = Object.values(claims);
      if (all.length < events) return false;
      const decided = all.every((claimed) => new Set(claimed.map((claim) => claim.tab)).size >= tabs);
      const last = Math.max(...all.flat().map((claim) => claim.heard));
      return decided && Date.now() - last > windowMs;
    },
    [events, tabs, CLAIM_WINDOW_MS] as const,
    { polling: 50, timeout: 10_000 },
  );
/** Emulates the tab being hidden (another tab or window in front) or shown again. */
export const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((state) => {
    const { document } = globalThis as unknown as { document: EventTarget };
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

/** A change inside a live region, as a screen reader is told of it (see LIVE_REGION_RECORDER). */
export interface LiveChange {
  /** `change`: text came into a region already on the page (announced); `created`: a region arrived with it. */
  kind: 'change' | 'created';
  politeness: string;
  text: string;
}

/**
 * An init script that records, from before the console's own scripts run, every text that comes
 * into a live region (`aria-live`, or role status, log or alert) with its politeness. Read it with
 * `liveChanges`. Text added to a region already on the page is what screen readers announce.
 */
export const LIVE_REGION_RECORDER = `(() => {
  const LIVE = '[aria-live], [role~="status"], [role~="log"], [role~="alert"]';
  const changes = (window.__liveChanges = []);
  const politeness = (region) =>
    region.getAttribute('aria-live') || (region.matches('[role~="alert"]') ? 'assertive' : 'polite');
  const spoken = (node) =>
    node.nodeType === Node.TEXT_NODE
      ? node.nodeValue || ''
      : node instanceof Element && node.getAttribute('aria-hidden') !== 'true'
        ? [...node.childNodes].map(spoken).join('')
        : '';
  const record = (kind, region, text) => {
    const said = text.replace(/\\s+/g, ' ').trim();
    if (said) changes.push({ kind, politeness: politeness(region), text: said });
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
      const region = target && target.closest(LIVE);
      if (mutation.type === 'characterData') {
        if (region) record('change', region, mutation.target.nodeValue || '');
        continue;
      }
      for (const added of mutation.addedNodes) {
        if (region) record('change', region, spoken(added));
        else if (added instanceof Element)
          for (const each of [added, ...added.querySelectorAll(LIVE)])
            if (each.matches(LIVE)) record('created', each, spoken(each));
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** What LIVE_REGION_RECORDER heard on the page so far. */
export const liveChanges = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __liveChanges: LiveChange[] }).__liveChanges);

/** Calls the visitor API of the server at `base` over HTTP, as a visitor's page does: the answer's `data`. */
export async function visitorCall(base: string, call: string, body: object): Promise<Json> {
  const response = await fetch(`${base}/api/chat/visitor/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { data: Json }).data;
}

/** Opens the console of the server at `base` and logs `username` in (the tests' password `pw-<username>`). */
export async function logIn(page: Page, base: string, username: string, password = `pw-${username}`) {
  await page.goto(`${base}/agent/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Resolves once the console holds a poll (live delivery). The poll carries the view the console
 * last saw (`seen`), so a change made before the server reads it is still answered at once.
 */
export const holdingPoll = (agent: Page) =>
  agent.waitForRequest((request) => /\/api\/agent\/poll\?.*wait=/.test(request.url())).then(() => {});

/** Logs an agent in (as `logIn`) and waits until their console shows them and holds its first poll. */
export async function logInHeld(agent: Page, base: string, username: string, password: string, nick: string) {
  const held = holdingPoll(agent);
  await logIn(agent, base, username, password);
  await agent.getByText(new RegExp(`^${nick}: (Online|Away|Offline)$`)).waitFor();
  await held;
}

/** An agent API call from a logged-in console page (its session cookie, its origin): the envelope. */
export const agentApi = (agent: Page, method: string, path: string, body?: object) =>
  agent.evaluate(
    async ([method, path, body]) => {
      const response = await fetch(path as string, {
        method: method as string,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as Json;
    },
    [method, path, body] as const,
  );

/** A visitor's chat event, as its page reads it. */
export interface VisitorEvent {
  event_type: number;
  msgContent?: string;
  adminNick?: string;
}

/** The visitor's chat events (what its page would show) from the start, from the server at `base`. */
export const visitorEvents = async (base: string, started: Json) =>
  (await visitorCall(base, 'getEventMsg', { ...started, cursor: '0' })).msgList as VisitorEvent[];

/** The agent's menu on their avatar (status, sound, notifications, language, shortcuts, logout), opened. */
export async function accountMenu(page: Page) {
  await page.getByRole('button', { name: /: status and settings$/ }).click();
  return page.getByRole('menu');
}

/**
 * Picks a choice of one of the inbox's filters (`Status`, `Label`, `Order`): its button, which says
 * the filter and its choice, opens a menu of the choices. A string names the choice exactly.
 */
export async function pickFilter(page: Page, filter: 'Status' | 'Label' | 'Order', choice: string | RegExp) {
  await page.getByRole('button', { name: new RegExp(`^${filter}: `) }).click();
  await page
    .getByRole('menu', { name: filter })
    .getByRole('menuitemradio', { name: choice, exact: typeof choice === 'string' })
    .click();
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/** The agent's status, as they pick it in their menu. */
export async function setStatus(page: Page, status: 'Online' | 'Away' | 'Offline') {
  await (await accountMenu(page)).getByRole('menuitemradio', { name: status }).click();
}

/** Runs an item of the agent's menu (`Log out`, `Turn on notifications`). */
export async function accountItem(page: Page, name: string) {
  await (await accountMenu(page)).getByRole('menuitem', { name }).click();
}
