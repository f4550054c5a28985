/**
 * The agent's console tabs in this browser, talking over `BroadcastChannel('parley-console')`, so
 * several open tabs chime and notify once per event, not once each.
 *
 * The rule: every tab that sees an event (a visitor queued, a chat arriving, a visitor message)
 * claims it on the channel, with the time it saw it and whether it is visible. A tab that had
 * already heard another tab's claim for that event leaves it to that tab. A tab that claims first
 * waits a moment (CLAIM_WINDOW_MS) for the claims of tabs that saw it at the same time; then:
 *
 * - if any tab that claimed it is visible, nobody alerts: the agent has a console on screen;
 * - otherwise the earliest claim wins (same time: the smaller tab id), and only that tab chimes
 *   and shows the desktop notification.
 *
 * Tabs also tell each other when the agent joins a chat, so a chat the agent took in one tab is no
 * news to the others. Messages of another agent (another login in this browser) are ignored.
 */

import { CLAIM_WINDOW_MS } from '@parley/agent-core';

/** Claims are forgotten after this long. */
const CLAIM_MEMORY_MS = 120_000;

interface Claim {
  tab: string;
  at: number;
  visible: boolean;
}

type Message =
  | ({ agent: string; type: 'claim'; event: string } & Claim)
  | { agent: string; tab: string; type: 'joining'; sessionId: string };

function randomTabId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export class ConsoleTabs {
  readonly tab = randomTabId();
  private readonly channel: BroadcastChannel | null;
  private readonly claims = new Map<string, { seen: number; claims: Claim[] }>();
  private readonly joiningListeners = new Set<(sessionId: string) => void>();

  constructor(
    private readonly agent: string,
    private readonly windowMs = CLAIM_WINDOW_MS,
  ) {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('parley-console');
    if (this.channel) this.channel.onmessage = (event: MessageEvent<Message>) => this.receive(event.data);
  }

  private receive(message: Message) {
    if (!message || typeof message !== 'object' || message.agent !== this.agent) return;
    if (message.type === 'claim' && typeof message.event === 'string') {
      this.record(message.event, { tab: message.tab, at: message.at, visible: message.visible === true });
    } else if (message.type === 'joining' && typeof message.sessionId === 'string') {
      for (const listener of this.joiningListeners) listener(message.sessionId);
    }
  }

  private record(event: string, claim: Claim) {
    const entry = this.claims.get(event) ?? { seen: Date.now(), claims: [] };
    entry.claims.push(claim);
    this.claims.set(event, entry);
  }

  private forgetOld() {
    const before = Date.now() - CLAIM_MEMORY_MS;
    for (const [event, entry] of this.claims) if (entry.seen < before) this.claims.delete(event);
  }

  /**
   * Whether this tab is the one to chime and notify for an event, by the rule above. `visible`:
   * this tab is on screen (it then never alerts, and keeps hidden tabs from alerting).
   */
  async claim(event: string, visible: boolean): Promise<boolean> {
    this.forgetOld();
    const earlier = (this.claims.get(event)?.claims.length ?? 0) > 0;
    const own: Claim = { tab: this.tab, at: Date.now(), visible };
    this.record(event, own);
    this.post({ agent: this.agent, type: 'claim', event, ...own });
    if (earlier) return false;
    if (!this.channel) return !visible;
    await new Promise((resolve) => setTimeout(resolve, this.windowMs));
    const claims = this.claims.get(event)?.claims ?? [own];
    if (claims.some((claim) => claim.visible)) return false;
    const [first] = [...claims].sort((a, b) => a.at - b.at || (a.tab < b.tab ? -1 : a.tab > b.tab ? 1 : 0));
    return first?.tab === this.tab;
  }

  /** Tells the other tabs the agent is joining this chat (before asking the server). */
  joining(sessionId: string): void {
    this.post({ agent: this.agent, tab: this.tab, type: 'joining', sessionId });
  }

  /** Calls `listener` when another tab says the agent is joining a chat. */
  onJoining(listener: (sessionId: string) => void): () => void {
    this.joiningListeners.add(listener);
    return () => this.joiningListeners.delete(listener);
  }

  close(): void {
    this.channel?.close();
    this.joiningListeners.clear();
  }

  private post(message: Message) {
    try {
      this.channel?.postMessage(message);
    } catch {
      // a closed channel: this tab is going away
    }
  }
}
