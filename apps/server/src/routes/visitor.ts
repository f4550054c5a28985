import { setMaxListeners } from 'node:events';
import { requestSchemas as visitorSchemas } from '@parley/chat-protocol';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Conversations, IncomingMessage } from '../conversation/service.js';
import { badRequest, ok } from '../errors.js';

type Body = Record<string, unknown>;
/** A call's handler; `signal` aborts when the client goes away or the server closes (held polls). */
type Handler = (body: Body, signal: AbortSignal) => Promise<unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** Every JSON call of the visitor contract: `POST /api/chat/visitor/{call}`, answered in the envelope. */
export function registerVisitorRoutes(
  app: FastifyInstance,
  conversations: Conversations,
  options: {
    /** Every call but chatStart: a budget per known visitor id (unknown ids: per IP). */
    perVisitorLimit: preHandlerAsyncHookHandler;
    /** chatStart's own budget per IP: each call may create a visitor. */
    chatStartLimit: preHandlerAsyncHookHandler;
    /** Told each visitor id a call was answered for, so the limits know it from a made-up one. */
    answered: (userId: string) => void;
    /** The largest upload in bytes, told at chatStart so the page can refuse a larger file first. */
    uploadLimit: number;
  },
): void {
  const { perVisitorLimit, chatStartLimit, answered, uploadLimit } = options;
  // A closing server answers its held polls at once, so a restart does not wait for them.
  const closing = new AbortController();
  setMaxListeners(0, closing.signal); // one listener per held poll
  app.addHook('preClose', async () => closing.abort());
  const calls: Record<Exclude<keyof typeof visitorSchemas, 'uploadBase64'>, Handler> = {
    channelInfo: (body) => conversations.channelInfo(body.id as string),
    chatStart: async (body) => ({
      uploadLimit,
      ...(await conversations.chatStart({
        channelId: body.channelId as string,
        userId: text(body.userId),
        userName: text(body.userName),
        email: text(body.email),
        phone: text(body.phone),
        pid: text(body.pid),
        pidSignature: text(body.pidSignature),
        params: text(body.params),
        groupId: text(body.groupId),
        adminId: text(body.adminId),
        previousUrl: text(body.previousUrl),
        pageUrl: text(body.pageUrl),
        language: text(body.language),
        timeZone: text(body.timeZone),
      })),
    }),
    chatClose: (body) => conversations.chatClose(body.userId as string),
    transferAgent: (body) =>
      conversations.transferAgent({
        userId: body.userId as string,
        groupId: text(body.groupId) || undefined,
        adminId: text(body.adminId) || undefined,
      }),
    getAdminCard: (body) => conversations.getAdminCard(body.userId as string),
    getHistoryMsg: (body) =>
      conversations.getHistoryMsg(
        body.userId as string,
        body.maxTime as number,
        (body.pageSize as number) ?? 20,
      ),
    getSessionMsg: (body) => conversations.getSessionMsg(body.userId as string, body.sessionId as string),
    getEventMsg: (body, signal) =>
      conversations.holdEventMsg(
        body.userId as string,
        body.pollId as string,
        body.cursor === undefined || body.cursor === null ? undefined : Number(body.cursor),
        typeof body.wait === 'number' ? body.wait : 0,
        signal,
      ),
    sysMsg: (body) => {
      if (!String(body.msgContent).trim()) throw badRequest('msgContent is blank');
      return conversations.sysMsg(body.userId as string, body as IncomingMessage);
    },
    sendMsg: (body) => conversations.sendMsg(body.userId as string, body as IncomingMessage),
    getOfflineMsg: (body) => conversations.getOfflineMsg(body.userId as string),
    addSessionMsg: (body) => conversations.addSessionMsg(body.userId as string, body as IncomingMessage),
    msgComplete: (body) => conversations.msgComplete(body.userId as string, body.pollId as string),
    typing: (body) => conversations.typing(body.userId as string, text(body.msgContent) ?? ''),
    getEvaluateInfo: (body) => conversations.getEvaluateInfo(body.channelId as string),
    evaluate: (body) =>
      conversations.evaluate(body.userId as string, {
        star: body.star as number,
        tags: body.tags as string[] | undefined,
        content: text(body.content),
      }),
    submitUserForm: (body) => conversations.submitUserForm(body.userId as string, body),
    leaveMsg: (body) =>
      conversations.leaveMsg({
        userId: body.userId as string,
        channelId: body.channelId as string,
        name: text(body.name),
        phone: text(body.phone),
        email: text(body.email),
        content: body.content as string,
      }),
    robotAsk: (body) =>
      conversations.robotAsk(body.userId as string, text(body.msgContent) ?? '', text(body.msgId) ?? ''),
    robotTips: (body) => conversations.robotTips(body.userId as string, text(body.msgContent) ?? ''),
  };

  for (const [call, handler] of Object.entries(calls)) {
    app.post(
      `/api/chat/visitor/${call}`,
      {
        schema: { body: visitorSchemas[call as keyof typeof visitorSchemas] },
        preHandler: call === 'chatStart' ? chatStartLimit : perVisitorLimit,
      },
      async (request, reply) => {
        const body = request.body as Body;
        const gone = new AbortController();
        const abort = () => gone.abort();
        reply.raw.once('close', abort);
        closing.signal.addEventListener('abort', abort, { once: true });
        let data: unknown;
        try {
          data = await handler(body, gone.signal);
        } finally {
          reply.raw.off('close', abort);
          closing.signal.removeEventListener('abort', abort);
        }
        const userId = call === 'chatStart' ? (data as { userId?: unknown }).userId : body.userId;
        if (typeof userId === 'string') answered(userId);
        return ok(data);
      },
    );
  }
}
