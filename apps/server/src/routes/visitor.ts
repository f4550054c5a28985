import { setMaxListeners } from 'node:events';
import { requestSchemas as visitorSchemas } from '@parley/chat-protocol';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { IncomingMessage } from '../conversation/domain.js';
import * as forms from '../conversation/forms.js';
import * as ratings from '../conversation/ratings.js';
import * as routing from '../conversation/routing.js';
import * as sessions from '../conversation/sessions.js';
import type { ConversationStore } from '../conversation/store.js';
import * as visitorEvents from '../conversation/visitorEvents.js';
import * as visitorMessages from '../conversation/visitorMessages.js';

import { badRequest, ok } from '../errors.js';
import { type MailLimits, mailNotSetUp, queueTranscript, withinLeftMessageBudget } from '../mail/queue.js';

type Body = Record<string, unknown>;
/**
 * A call's handler; `signal` aborts when the client goes away or the server closes (held polls);
 * `address` is the client's (what the budgets of robot tokens and mails count per address).
 */
type Handler = (body: Body, signal: AbortSignal, address: string) => Promise<unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** Every JSON call of the visitor contract: `POST /api/chat/visitor/{call}`, answered in the envelope. */
export function registerVisitorRoutes(
  app: FastifyInstance,
  conversations: ConversationStore,
  options: {
    /** Every call but chatStart: a budget per known visitor id (unknown ids: per IP). */
    perVisitorLimit: preHandlerAsyncHookHandler;
    /** chatStart's own budget per IP: each call may create a visitor. */
    chatStartLimit: preHandlerAsyncHookHandler;
    /** Told each visitor id a call was answered for, so the limits know it from a made-up one. */
    answered: (userId: string) => void;
    /** The largest upload in bytes, told at chatStart so the page can refuse a larger file first. */
    uploadLimit: number;
    /** What visitors may make the server mail (transcripts, left messages). */
    mailLimits: MailLimits;
  },
): void {
  const { perVisitorLimit, chatStartLimit, answered, uploadLimit, mailLimits } = options;
  // A closing server answers its held polls at once, so a restart does not wait for them.
  const closing = new AbortController();
  setMaxListeners(0, closing.signal); // one listener per held poll
  app.addHook('preClose', async () => closing.abort());
  const calls: Record<Exclude<keyof typeof visitorSchemas, 'uploadBase64'>, Handler> = {
    channelInfo: (body) => sessions.channelInfo(conversations, body.id as string),
    chatStart: async (body) => ({
      uploadLimit,
      // The mailer is decorated by the mail plugin (routes/mail.ts), registered after these routes.
      transcript: app.mailer !== undefined,
      ...(await sessions.chatStart(conversations, {
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
    chatClose: (body) => sessions.chatClose(conversations, body.userId as string),
    transferAgent: (body) =>
      routing.transferAgent(conversations, {
        userId: body.userId as string,
        groupId: text(body.groupId) || undefined,
        adminId: text(body.adminId) || undefined,
      }),
    getAdminCard: (body) => sessions.getAdminCard(conversations, body.userId as string),
    getHistoryMsg: (body) =>
      sessions.getHistoryMsg(
        conversations,
        body.userId as string,
        body.maxTime as number,
        (body.pageSize as number) ?? 20,
      ),
    getSessionMsg: (body) =>
      sessions.getSessionMsg(conversations, body.userId as string, body.sessionId as string),
    getEventMsg: (body, signal) =>
      visitorEvents.holdEventMsg(
        conversations,
        body.userId as string,
        body.pollId as string,
        body.cursor === undefined || body.cursor === null ? undefined : Number(body.cursor),
        typeof body.wait === 'number' ? body.wait : 0,
        signal,
      ),
    sysMsg: (body) => {
      if (!String(body.msgContent).trim()) throw badRequest('msgContent is blank');
      return visitorMessages.sysMsg(conversations, body.userId as string, body as IncomingMessage);
    },
    sendMsg: (body) => visitorMessages.sendMsg(conversations, body.userId as string, body as IncomingMessage),
    getOfflineMsg: (body) => visitorMessages.getOfflineMsg(conversations, body.userId as string),
    addSessionMsg: (body) =>
      visitorMessages.addSessionMsg(conversations, body.userId as string, body as IncomingMessage),
    msgComplete: (body) =>
      visitorMessages.msgComplete(conversations, body.userId as string, body.pollId as string),
    typing: (body) =>
      visitorMessages.typing(conversations, body.userId as string, text(body.msgContent) ?? ''),
    getEvaluateInfo: (body) => ratings.getEvaluateInfo(conversations, body.channelId as string),
    evaluate: (body) =>
      ratings.evaluate(conversations, body.userId as string, {
        star: body.star as number,
        tags: body.tags as string[] | undefined,
        content: text(body.content),
      }),
    submitUserForm: (body) => forms.submitUserForm(conversations, body.userId as string, body),
    leaveMsg: (body, _signal, address) =>
      withinLeftMessageBudget(conversations, mailLimits, { userId: body.userId as string, address }, () =>
        forms.leaveMsg(conversations, {
          userId: body.userId as string,
          channelId: body.channelId as string,
          name: text(body.name),
          phone: text(body.phone),
          email: text(body.email),
          content: body.content as string,
        }),
      ),
    transcript: (body, _signal, address) => {
      if (!app.mailer) throw mailNotSetUp();
      return queueTranscript(conversations, body.userId as string, text(body.email), {
        limits: mailLimits,
        address,
      });
    },
    robotAsk: (body, _signal, address) =>
      visitorMessages.robotAsk(
        conversations,
        body.userId as string,
        text(body.msgContent) ?? '',
        text(body.msgId) ?? '',
        body.stream === true,
        address,
      ),
    robotTips: (body) =>
      visitorMessages.robotTips(conversations, body.userId as string, text(body.msgContent) ?? ''),
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
          data = await handler(body, gone.signal, request.ip);
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
