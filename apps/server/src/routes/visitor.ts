import { setMaxListeners } from 'node:events';
import {
  type CallName,
  type CallResults,
  envelope,
  type JsonCallName,
  type Schema,
  type VisitorAnswer,
  type VisitorBody,
  visitorRoutes,
} from '@parley/chat-protocol';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import * as forms from '../conversation/forms.js';
import * as ratings from '../conversation/ratings.js';
import * as routing from '../conversation/routing.js';
import * as sessions from '../conversation/sessions.js';
import type { ConversationStore } from '../conversation/store.js';
import * as visitorEvents from '../conversation/visitorEvents.js';
import * as visitorMessages from '../conversation/visitorMessages.js';

import { badRequest, ok } from '../errors.js';
import { type MailLimits, mailNotSetUp, queueTranscript, withinLeftMessageBudget } from '../mail/queue.js';

/**
 * A visitor call's answer as its route declares it: documented (the OpenAPI document, and held to
 * its schema in the tests), but sent as the handler made it, so a field a server adds beyond the
 * contract reaches a client that knows it. Also for the uploads (routes/files.ts).
 */
/**
 * A visitor call in the OpenAPI document: named `visitor` and the call (`visitorChatStart`: the
 * agent API has a `typing` too), its answer in the envelope.
 */
export const documentedAnswer = (call: CallName) => {
  const answer: Schema = visitorRoutes[call].answer;
  const operationId = `visitor${call[0]?.toUpperCase()}${call.slice(1)}`;
  return { operationId, response: { 200: envelope(answer) } };
};
export const sentAsMade = () => (data: unknown) => JSON.stringify(data);

/** The calls registered here (the uploads are registered by routes/files.ts). */
type Call = Exclude<JsonCallName, 'uploadBase64'>;

/**
 * A call's handler, typed by the contract's table: its body as the schema passes it, its answer's
 * data. `signal` aborts when the client goes away or the server closes (held polls); `address` is
 * the client's (what the budgets of robot tokens and mails count per address).
 */
type Handler<C extends Call> = (
  body: VisitorBody<C>,
  signal: AbortSignal,
  address: string,
) => Promise<VisitorAnswer<C>>;

/** An optional text or id field: null (allowed by the schema) and a site's numeric id read as text. */
const text = (value: string | number | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

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
  const calls: { [C in Call]: Handler<C> } = {
    channelInfo: (body) => sessions.channelInfo(conversations, body.id),
    chatStart: async (body) => ({
      uploadLimit,
      // The mailer is decorated by the mail plugin (routes/mail.ts), registered after these routes.
      transcript: app.mailer !== undefined,
      ...(await sessions.chatStart(conversations, {
        channelId: body.channelId,
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
    chatClose: (body) => sessions.chatClose(conversations, body.userId),
    transferAgent: (body) =>
      routing.transferAgent(conversations, {
        userId: body.userId,
        groupId: text(body.groupId) || undefined,
        adminId: text(body.adminId) || undefined,
      }),
    getAdminCard: (body) => sessions.getAdminCard(conversations, body.userId),
    getHistoryMsg: (body) =>
      sessions.getHistoryMsg(conversations, body.userId, body.maxTime, body.pageSize ?? 20),
    getSessionMsg: (body) => sessions.getSessionMsg(conversations, body.userId, body.sessionId),
    getEventMsg: (body, signal) =>
      visitorEvents.holdEventMsg(
        conversations,
        body.userId,
        body.pollId,
        body.cursor === undefined || body.cursor === null ? undefined : Number(body.cursor),
        body.wait ?? 0,
        signal,
      ),
    sysMsg: (body) => {
      if (!body.msgContent.trim()) throw badRequest('msgContent is blank');
      return visitorMessages.sysMsg(conversations, body.userId, body);
    },
    sendMsg: (body) => visitorMessages.sendMsg(conversations, body.userId, body),
    getOfflineMsg: (body) => visitorMessages.getOfflineMsg(conversations, body.userId),
    addSessionMsg: (body) => visitorMessages.addSessionMsg(conversations, body.userId, body),
    msgComplete: (body) => visitorMessages.msgComplete(conversations, body.userId, body.pollId),
    typing: (body) => visitorMessages.typing(conversations, body.userId, text(body.msgContent) ?? ''),
    getEvaluateInfo: (body) => ratings.getEvaluateInfo(conversations, body.channelId),
    evaluate: (body) =>
      ratings.evaluate(conversations, body.userId, {
        star: body.star,
        tags: body.tags,
        content: text(body.content),
      }),
    submitUserForm: (body) => forms.submitUserForm(conversations, body.userId, body),
    leaveMsg: (body, _signal, address) =>
      withinLeftMessageBudget(conversations, mailLimits, { userId: body.userId, address }, () =>
        forms.leaveMsg(conversations, {
          userId: body.userId,
          channelId: body.channelId,
          name: text(body.name),
          phone: text(body.phone),
          email: text(body.email),
          content: body.content,
        }),
      ),
    transcript: (body, _signal, address) => {
      if (!app.mailer) throw mailNotSetUp();
      return queueTranscript(conversations, body.userId, text(body.email), {
        limits: mailLimits,
        address,
      });
    },
    robotAsk: (body, _signal, address) =>
      visitorMessages.robotAsk(
        conversations,
        body.userId,
        text(body.msgContent) ?? '',
        text(body.msgId) ?? '',
        body.stream === true,
        address,
      ),
    robotTips: (body) => visitorMessages.robotTips(conversations, body.userId, text(body.msgContent) ?? ''),
  };

  const register = <C extends Call>(call: C, handler: Handler<C>) => {
    const { path, body: bodySchema } = visitorRoutes[call];
    app.post(
      path,
      {
        schema: { body: bodySchema, ...documentedAnswer(call) },
        serializerCompiler: sentAsMade,
        preHandler: call === 'chatStart' ? chatStartLimit : perVisitorLimit,
      },
      async (request, reply) => {
        // Fastify has validated the body against `bodySchema`, the table's schema of this call, whose
        // type is VisitorBody<C> (one assertion for every call, where the type of a generic call
        // cannot follow the schema through Fastify's route options).
        const body = request.body as VisitorBody<C> & { userId?: string };
        const gone = new AbortController();
        const abort = () => gone.abort();
        reply.raw.once('close', abort);
        closing.signal.addEventListener('abort', abort, { once: true });
        let data: VisitorAnswer<C>;
        try {
          data = await handler(body, gone.signal, request.ip);
        } finally {
          reply.raw.off('close', abort);
          closing.signal.removeEventListener('abort', abort);
        }
        const userId = call === 'chatStart' ? (data as CallResults['chatStart']).userId : body.userId;
        if (typeof userId === 'string') answered(userId);
        return ok(data);
      },
    );
  };
  for (const call of Object.keys(calls) as Call[]) register(call, calls[call] as Handler<typeof call>);
}
