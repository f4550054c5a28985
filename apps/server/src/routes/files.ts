import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  FIELD_LIMITS,
  operationsRoutes,
  uploadBase64Limits,
  type VisitorBody,
  visitorRoutes,
} from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as budgets from '../budgets.js';
import { DAY_MS } from '../budgets.js';
import * as agentDesk from '../conversation/agentDesk.js';
import { agentMayReadFile } from '../conversation/agentDesk.js';
import * as sessions from '../conversation/sessions.js';
import type { ConversationStore } from '../conversation/store.js';

import { forgetUpload, releaseUpload, reserveUpload, type UploadQuota } from '../conversation/uploads.js';
import { ApiError, badRequest, notFound, ok } from '../errors.js';
import { randomId } from '../ids.js';
import {
  checkFile,
  checkFileName,
  contentDisposition,
  isInline,
  msgTypeFor,
  suffixForMime,
  type UploadStore,
} from '../uploads.js';
import { type AgentAuth, registerCall, requireAgent, tokenOf } from './agent.js';
import { operationsSchema } from './operations.js';
import { documentedAnswer, sentAsMade } from './visitor.js';

const mib = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MiB`;
const tooLarge = (limit: number) => new ApiError(413, `the file is larger than the limit of ${mib(limit)}`);

export type { UploadQuota };

const QUOTA_OF = {
  visitor: 'a visitor may upload',
  address: 'one network address may upload',
  channel: 'this chat service takes',
} as const;
const quotaReached = (who: keyof typeof QUOTA_OF, quota: number) =>
  new ApiError(429, `upload quota reached: ${QUOTA_OF[who]} ${mib(quota)} a day; try again later`);

/** Reads a multipart body: its text fields and its one file, refusing a file over `limit` bytes. */
async function readMultipart(request: FastifyRequest, limit: number) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        checkFileName(part.filename);
        const bytes = await (part as MultipartFile).toBuffer();
        file = { name: part.filename, bytes };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge(limit);
    if (error instanceof ApiError) throw error;
    throw badRequest('a multipart/form-data body with the fields userId and file is expected');
  }
  if (!file) throw badRequest('the field "file" is missing');
  return { fields, file };
}

/** The body's start: `{"userId":"<id>"`, the id as a JSON string. */
const USER_ID_FIRST = /^\s*\{\s*"userId"\s*:\s*("(?:[^"\\]|\\.)*")/;
/** Bytes enough to hold `{"userId":` and the longest id, every character escaped. */
const USER_ID_HEAD_BYTES = 64 + 6 * FIELD_LIMITS.id;

/**
 * Reads the start of a JSON body for its `userId`, which must come first (as the multipart upload's
 * field does), and answers it with a stream that gives the whole body again. Undefined: the body
 * does not start with it.
 */
async function userIdFirst(payload: Readable): Promise<{ userId: string | undefined; body: Readable }> {
  const iterator = payload[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  while (bytes < USER_ID_HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    bytes += next.value.length;
  }
  const quoted = USER_ID_FIRST.exec(Buffer.concat(head).toString('utf8'))?.[1];
  let userId: string | undefined;
  try {
    userId = quoted === undefined ? undefined : (JSON.parse(quoted) as string);
  } catch {
    userId = undefined;
  }
  async function* replay() {
    yield* head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { userId, body: Readable.from(replay(), { objectMode: false }) };
}

/** Visitor uploads, agent file messages, and serving files only to their visitor and agents. */
export function registerFileRoutes(
  app: FastifyInstance,
  options: {
    conversations: ConversationStore;
    store: UploadStore;
    auth: AgentAuth;
    uploadLimit: number;
    uploadQuota: UploadQuota;
    /** The per-visitor rate limit for a visitor known only once a body's first field is read. */
    limitVisitor: (request: FastifyRequest, userId: string) => Promise<void>;
    /** Told the bytes of each file accepted (metrics). */
    uploaded?: (bytes: number, from: 'visitor' | 'agent') => void;
  },
): void {
  const { conversations, store, auth, uploadLimit, uploadQuota } = options;
  const base64Limits = uploadBase64Limits(uploadLimit);

  /**
   * Reserves the bytes this upload may take (at most `wanted`) against the visitor's and the
   * channel's quota before a byte is read; 429 when nothing is left. `refusal` is the answer when
   * the file turns out larger than the reservation because of the quota. Release it once the upload
   * is recorded or refused.
   */
  const reserve = async (userId: string, wanted: number, address: string) => {
    // The address first: new visitor ids are free, so a visitor's own quota alone caps nothing.
    const fromAddress = await budgets.reserve(
      conversations.db,
      [{ key: `upload-bytes:address:${address}`, limit: uploadQuota.perAddress }],
      wanted,
      conversations.clock(),
      DAY_MS,
    );
    if ('refused' in fromAddress) throw quotaReached('address', uploadQuota.perAddress);
    const reservation = await reserveUpload(conversations, userId, wanted, uploadQuota).catch(
      async (error: unknown) => {
        await budgets.settle(conversations.db, fromAddress, 0);
        throw error;
      },
    );
    const quotaOf = (who: 'visitor' | 'channel') =>
      who === 'visitor' ? uploadQuota.perVisitor : uploadQuota.perChannel;
    if (reservation.id === undefined) {
      await budgets.settle(conversations.db, fromAddress, 0);
      throw quotaReached(reservation.short, quotaOf(reservation.short));
    }
    const id = reservation.id;
    return {
      bytes: reservation.bytes,
      refusal: reservation.short
        ? quotaReached(reservation.short, quotaOf(reservation.short))
        : tooLarge(uploadLimit),
      /** Ends the reservation: `kept` bytes were stored (0 when the upload was refused). */
      release: async (kept = 0) => {
        await releaseUpload(conversations, id);
        await budgets.settle(conversations.db, fromAddress, kept);
      },
    };
  };
  /** What a request says its body weighs: an upper bound of the file inside it. */
  const declaredBytes = (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    return Number.isFinite(length) && length > 0 ? Math.min(length, uploadLimit) : uploadLimit;
  };

  /**
   * The visitor upload, read part by part: `userId` comes first and is checked (known visitor, rate
   * limit, quota) before a byte of the file is read; the file streams to disk and stops at the
   * size limit or the quota left.
   */
  const receiveVisitorUpload = async (request: FastifyRequest) => {
    let userId: string | undefined;
    let received: Awaited<ReturnType<UploadStore['receive']>> | undefined;
    let reservation: Awaited<ReturnType<typeof reserve>> | undefined;
    let name = '';
    try {
      for await (const part of request.parts({ limits: { fileSize: uploadLimit, files: 1, fields: 10 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'userId' && typeof part.value === 'string' && userId === undefined) {
            userId = part.value;
            await sessions.requireVisitor(conversations, userId);
            await options.limitVisitor(request, userId);
          }
          continue;
        }
        if (!userId) throw badRequest('the field "userId" must come before the field "file"');
        checkFileName(part.filename);
        reservation = await reserve(userId, declaredBytes(request), request.ip);
        name = part.filename;
        received = await store.receive(part.file, reservation.bytes);
        if (received.tooLarge || part.file.truncated) throw reservation.refusal;
      }
    } catch (error) {
      await received?.discard();
      await reservation?.release();
      if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge(uploadLimit);
      if (error instanceof ApiError) throw error;
      throw badRequest('a multipart/form-data body with the fields userId and file is expected');
    }
    if (!userId) throw badRequest('the field "userId" is missing');
    if (!received || !reservation) throw badRequest('the field "file" is missing');
    return { userId, name, received, release: reservation.release };
  };

  /**
   * Records an upload, then stores its file (`store` moves or writes it into place): a file never
   * exists without its record, so the quotas, which count records, count every byte on disk. A file
   * that cannot be stored takes its record with it.
   */
  const recordThenStore = async (
    upload: Parameters<typeof sessions.recordUpload>[1],
    storeFile: () => Promise<void>,
  ) => {
    await sessions.recordUpload(conversations, upload);
    try {
      await storeFile();
    } catch (error) {
      await forgetUpload(conversations, upload.id);
      throw error;
    }
    options.uploaded?.(upload.size, upload.agentId ? 'agent' : 'visitor');
  };

  const accept = async (visitorId: string, name: string, bytes: Buffer, agentId?: string) => {
    if (bytes.length > uploadLimit) throw tooLarge(uploadLimit);
    checkFileName(name);
    const checked = await checkFile(name, bytes);
    const id = randomId();
    const upload = {
      id,
      visitorId,
      agentId,
      name,
      suffix: checked.suffix,
      mime: checked.mime,
      size: bytes.length,
    };
    await recordThenStore(upload, () => store.save(id, bytes));
    return { url: store.url(id, visitorId), name, suffix: checked.suffix, size: bytes.length };
  };

  app.post(
    visitorRoutes.upload.path,
    { schema: documentedAnswer('upload'), serializerCompiler: sentAsMade, config: { largeBody: true } },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('upload takes a multipart/form-data body (userId, file)');
      const { userId, name, received, release } = await receiveVisitorUpload(request);
      let kept = 0;
      try {
        let checked: Awaited<ReturnType<typeof checkFile>>;
        try {
          checked = await checkFile(name, received.content);
        } catch (error) {
          await received.discard();
          throw error;
        }
        const { id } = received;
        const upload = {
          id,
          visitorId: userId,
          name,
          suffix: checked.suffix,
          mime: checked.mime,
          size: received.content.size,
        };
        try {
          await recordThenStore(upload, received.keep);
        } catch (error) {
          await received.discard();
          throw error;
        }
        kept = upload.size;
        return ok({ url: store.url(id, userId), name, suffix: checked.suffix });
      } finally {
        await release(kept);
      }
    },
  );

  app.post<{ Body: VisitorBody<'uploadBase64'> }>(
    visitorRoutes.uploadBase64.path,
    {
      schema: { body: visitorRoutes.uploadBase64.body, ...documentedAnswer('uploadBase64') },
      serializerCompiler: sentAsMade,
      bodyLimit: base64Limits.maxBytes,
      config: { jsonLimits: base64Limits, largeBody: true },
      // The visitor and its rate limit are checked on the body's first bytes, before the rest is
      // read and parsed: a made-up id cannot make the server parse megabytes of base64.
      preParsing: async (request, _reply, payload) => {
        const { userId, body } = await userIdFirst(payload);
        if (userId === undefined) {
          throw badRequest('uploadBase64 takes a JSON body that starts with "userId", then "imgData"');
        }
        await sessions.requireVisitor(conversations, userId);
        await options.limitVisitor(request, userId);
        return body;
      },
    },
    async (request) => {
      const { userId, imgData } = request.body;
      await sessions.requireVisitor(conversations, userId);
      const match = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(imgData);
      const mime = match?.[1] ?? 'image/png';
      const suffix = suffixForMime(mime);
      if (!suffix) throw badRequest(`files of type ${mime} are not accepted`);
      const bytes = Buffer.from(match?.[2] ?? imgData, 'base64');
      const reservation = await reserve(userId, Math.min(bytes.length, uploadLimit + 1), request.ip);
      let kept = 0;
      try {
        if (bytes.length > reservation.bytes) throw reservation.refusal;
        const { url, name, size } = await accept(userId, `upload.${suffix}`, bytes);
        kept = size;
        return ok({ url, name, suffix });
      } finally {
        await reservation.release(kept);
      }
    },
  );

  registerCall(
    app,
    'sendFile',
    async (request) => {
      const agent = await requireAgent(auth, request);
      if (!request.isMultipart()) throw badRequest('a multipart/form-data body with a file is expected');
      const { sessionId } = request.params;
      const chat = await agentDesk.agentMessages(conversations, agent, sessionId);
      if (chat.closed) throw new ApiError(409, 'this chat has ended');
      const { file } = await readMultipart(request, uploadLimit);
      const visitorId = await sessions.visitorOfSession(conversations, sessionId);
      const stored = await accept(visitorId, file.name, file.bytes, agent.id);
      return ok(
        await agentDesk.agentSend(conversations, agent, sessionId, {
          msgType: msgTypeFor(stored.suffix),
          msgContent: stored.name,
          fileName: stored.name,
          fileSize: stored.size,
          fileUrl: stored.url,
        }),
      );
    },
    { config: { largeBody: true } },
  );

  app.get<{ Params: { id: string }; Querystring: { sig?: string } }>(
    operationsRoutes.file.path,
    { schema: operationsSchema('file') },
    async (request, reply) => {
      const { id } = request.params;
      const { sig } = request.query;
      const upload = await sessions.upload(conversations, id);
      if (!upload) throw notFound('no such file');
      let allowed = typeof sig === 'string' && store.verify(id, upload.visitor_id, sig);
      if (!allowed && tokenOf(request)) {
        const agent = await auth.agentFor(tokenOf(request));
        allowed =
          agent !== undefined && (await agentMayReadFile(conversations, agent.id, upload.visitor_id, id));
      }
      if (!allowed) throw new ApiError(403, 'this file belongs to another conversation');
      const file = await store.open(id);
      const inline = isInline(upload.suffix);
      reply
        .header('Content-Type', upload.mime)
        .header(
          'Content-Disposition',
          contentDisposition(inline ? 'inline' : 'attachment', upload.original_name),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=86400')
        .header('Content-Length', file.size);
      return reply.send(file.stream);
    },
  );
}
