import type { APIRequestContext } from '@playwright/test';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

export interface AgentChat {
  sessionId: string;
  channelId: string;
  visitorName: string;
  visitorTyping: string | null;
}

/** One demo agent driven through the agent API, as an integration would. */
export class Agent {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    /** The demo agent's login name (its password is `{username}-demo`). */
    readonly username: string,
  ) {}

  private static readonly tokens = new Map<string, string>();

  /**
   * Demo credentials from apps/server/seed/demo.json. Each agent logs in once per run and reuses
   * its session token, as a console would (logins are rate-limited).
   */
  static async login(request: APIRequestContext, username: string, password = `${username}-demo`) {
    let token = Agent.tokens.get(username);
    if (!token) {
      const response = await request.post('/api/agent/login', { data: { username, password } });
      const body = (await response.json()) as Envelope<{ token: string }>;
      if (body.code !== 200) throw new Error(`login ${username}: ${body.message}`);
      token = body.data.token;
      Agent.tokens.set(username, token);
    }
    return new Agent(request, token, username);
  }

  private async call<T>(method: 'get' | 'post' | 'delete', path: string, data?: object): Promise<T> {
    const response = await this.request[method](path, {
      headers: { authorization: `Bearer ${this.token}` },
      data,
    });
    const body = (await response.json()) as Envelope<T>;
    if (body.code !== 200) throw new Error(`${method} ${path}: ${body.code} ${body.message}`);
    return body.data;
  }

  async chats(): Promise<AgentChat[]> {
    return (await this.call<{ chats: AgentChat[] }>('get', '/api/agent/poll')).chats;
  }

  /** The agent's open chat on a channel, waiting for the transfer to land. */
  async chatOn(channelId: string, timeoutMs = 10_000): Promise<AgentChat> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const chat = (await this.chats()).find((candidate) => candidate.channelId === channelId);
      if (chat) return chat;
      if (Date.now() > until) throw new Error(`no chat on ${channelId}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async messages(sessionId: string) {
    return this.call<{
      messages: { id: string; msgContent: string; senderType: number; read: boolean }[];
      rating: { star: number; tags: string[]; content: string | null } | null;
    }>('get', `/api/agent/chats/${sessionId}/messages`);
  }

  send(sessionId: string, msgContent: string) {
    return this.call<{ id: string }>('post', `/api/agent/chats/${sessionId}/messages`, { msgContent });
  }
  /** The agent has the conversation on screen: the visitor's messages are read. */
  seen(sessionId: string) {
    return this.call('post', `/api/agent/chats/${sessionId}/seen`, {});
  }
  typing(sessionId: string) {
    return this.call('post', `/api/agent/chats/${sessionId}/typing`, {});
  }
  deleteMessage(sessionId: string, messageId: string) {
    return this.call('delete', `/api/agent/chats/${sessionId}/messages/${messageId}`);
  }
  requestRating(sessionId: string) {
    return this.call('post', `/api/agent/chats/${sessionId}/rating-request`, {});
  }
  close(sessionId: string) {
    return this.call('post', `/api/agent/chats/${sessionId}/close`, {});
  }
  refuse(sessionId: string) {
    return this.call('post', `/api/agent/chats/${sessionId}/refuse`, {});
  }

  /** Ends every open chat, so the next test finds the agent free. */
  /**
   * Closes every chat of this agent until none is left: closing one frees a slot that a visitor
   * still queued from an earlier test takes at once, and a chat left that way would be taken for
   * the next test's.
   */
  async closeAll() {
    for (let round = 0; round < 20; round += 1) {
      const chats = await this.chats();
      if (chats.length === 0) return;
      // A chat that ended meanwhile (409) is gone from the next round's list anyway.
      for (const chat of chats) await this.close(chat.sessionId).catch(() => {});
    }
    throw new Error(`${this.username} still has chats after 20 rounds of closing`);
  }
}

/**
 * The demo agent of the human-first channels (Alice or Bob) who took the visitor's chat on
 * `channelId`, with that chat.
 */
export async function agentWithChat(request: APIRequestContext, channelId: string) {
  const agents = await Promise.all([Agent.login(request, 'alice'), Agent.login(request, 'bob')]);
  return Promise.any(agents.map(async (agent) => ({ agent, chat: await agent.chatOn(channelId) })));
}
