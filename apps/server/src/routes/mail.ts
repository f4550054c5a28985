import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ok } from '../errors.js';
import { DEFAULT_MAIL_OPTIONS, Mailer, type MailOptions } from '../mail/mailer.js';
import { mailNotSetUp, queueLeftReply } from '../mail/queue.js';
import { startSmtpInbound } from '../mail/smtpInbound.js';
import { type AgentAuth, registerCall, requireAgent } from './agent.js';
import { registerDevMailbox } from './devMailbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox's sender; absent when no SMTP is configured (and not demo mode). */
    mailer?: Mailer;
    /** Mail in by SMTP, when `MAIL_INBOUND_PORT` is set: the port it took. */
    mailInbound?: { port: number };
  }
}

/**
 * Email: the mail outbox's sender (every instance runs one when SMTP is configured, or prints in
 * demo mode, which also has the demo mailbox) and an agent's answer to a left message. The
 * visitor's transcript is a visitor call (routes/visitor.ts), the answer by email an agent call.
 */
export const mailRoutes = fastifyPlugin(
  async (app: FastifyInstance, options: Partial<MailOptions> & { auth: AgentAuth; clock: () => number }) => {
    const { auth, clock, ...settings } = options;
    const mail = { ...DEFAULT_MAIL_OPTIONS, ...settings };
    if (Mailer.enabled(mail)) {
      const mailer = new Mailer(app.db, mail, app.log, clock, (kind) =>
        app.metrics.outsideFailures.inc({ service: 'smtp', kind }),
      );
      app.decorate('mailer', mailer);
      app.addHook('onReady', async () => mailer.start());
      app.addHook('preClose', async () => mailer.stop());
    }
    // Mail in: replies to answers by email, and new mails to the inbound address.
    const { inboundAddress, inboundPort } = mail;
    if (inboundAddress && inboundPort !== undefined) {
      let inbound: Awaited<ReturnType<typeof startSmtpInbound>> | undefined;
      app.decorate('mailInbound', { port: 0 });
      app.addHook('onReady', async () => {
        inbound = await startSmtpInbound(
          app.conversations,
          {
            address: inboundAddress,
            from: mail.from,
            port: inboundPort,
            ...(mail.inboundHost && { host: mail.inboundHost }),
            ...(mail.inboundChannel && { channelId: mail.inboundChannel }),
          },
          app.log,
        );
        if (app.mailInbound) app.mailInbound.port = inbound.port;
      });
      app.addHook('preClose', async () => inbound?.close());
    }
    // Demo mode without SMTP: what would have been sent, for an administrator to read.
    if (mail.print && !mail.smtpUrl) registerDevMailbox(app, auth);

    registerCall(app, 'replyToLeftMessage', async (request) => {
      const agent = await requireAgent(auth, request);
      if (!app.mailer) throw mailNotSetUp();
      return ok(
        await queueLeftReply(app.conversations, agent, request.params.leftMessageId, request.body.text),
      );
    });
  },
  { name: 'parley-mail', dependencies: ['parley-storage', 'parley-health'] },
);
