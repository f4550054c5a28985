import type { MultipartFile } from '@fastify/multipart';
import { requestSchemas as visitorSchemas } from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Conversations } from '../conversation/service.js';
import { ApiError, badRequest, notFound, ok } from '../errors.js';
import {
  checkFile,
  contentDisposition,
  isInline,
  msgTypeFor,
  suffixForMime,
  type UploadStore,
} from '../uploads.js';
import { type AgentAuth, requireAgent, tokenOf } from './agent.js';

const tooLarge = (limit: number) =>
  new ApiError(413, `the file is larger than the limit of ${Math.floor(limit / 1024 / 1024)} MiB`);

/** Reads a multipart body: its text fields and its one file, refusing a file over `limit` bytes. */
async function readMultipart(request: FastifyRequest, limit: number) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
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

/** Visitor uploads, agent file messages, and serving files only to their visitor and agents. */
export function registerFileRoutes(
  app: FastifyInstance,
  options: {
    conversations: Conversations;
    store: UploadStore;
    auth: AgentAuth;
    uploadLimit: number;
    perVisitorLimit: preHandlerAsyncHookHandler;
  },
): void {
  const { conversations, store, auth, uploadLimit } = options;

  const accept = async (visitorId: string, name: string, bytes: Buffer, agentId?: string) => {
    if (bytes.length > uploadLimit) throw tooLarge(uploadLimit);
    const checked = await checkFile(name, bytes);
    const id = await store.save(bytes);
    await conversations.recordUpload({
      id,
      visitorId,
      agentId,
      name,
      suffix: checked.suffix,
      mime: checked.mime,
      size: bytes.length,
    });
    return { url: store.url(id, visitorId), name, suffix: checked.suffix, size: bytes.length };
  };

  app.post('/api/chat/visitor/upload', { preHandler: options.perVisitorLimit }, async (request) => {
    if (!request.isMultipart()) throw badRequest('upload takes a multipart/form-data body (userId, file)');
    const { fields, file } = await readMultipart(request, uploadLimit);
    const userId = fields.userId;
    if (!userId) throw badRequest('the field "userId" is missing');
    await conversations.requireVisitor(userId);
    const { url, name, suffix } = await accept(userId, file.name, file.bytes);
    return ok({ url, name, suffix });
  });

  app.post(
    '/api/chat/visitor/uploadBase64',
    {
      schema: { body: visitorSchemas.uploadBase64 },
      // base64 is 4/3 of the bytes, plus the JSON around it
      bodyLimit: Math.ceil((uploadLimit * 4) / 3) + 64 * 1024,
      preHandler: options.perVisitorLimit,
    },
    async (request) => {
      const { userId, imgData } = request.body as { userId: string; imgData: string };
      await conversations.requireVisitor(userId);
      const match = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(imgData);
      const mime = match?.[1] ?? 'image/png';
      const suffix = suffixForMime(mime);
      if (!suffix) throw badRequest(`files of type ${mime} are not accepted`);
      const bytes = Buffer.from(match?.[2] ?? imgData, 'base64');
      const { url, name } = await accept(userId, `upload.${suffix}`, bytes);
      return ok({ url, name, suffix });
    },
  );

  app.post('/api/agent/chats/:sessionId/files', async (request) => {
    const agent = await requireAgent(auth, request);
    if (!request.isMultipart()) throw badRequest('a multipart/form-data body with a file is expected');
    const { sessionId } = request.params as { sessionId: string };
    const chat = await conversations.agentMessages(agent, sessionId);
    if (chat.closed) throw new ApiError(409, 'this chat has ended');
    const { file } = await readMultipart(request, uploadLimit);
    const visitorId = await conversations.visitorOfSession(sessionId);
    const stored = await accept(visitorId, file.name, file.bytes, agent.id);
    return ok(
      await conversations.agentSend(agent, sessionId, {
        msgType: msgTypeFor(stored.suffix),
        msgContent: stored.name,
        fileName: stored.name,
        fileSize: stored.size,
        fileUrl: stored.url,
      }),
    );
  });

  app.get('/uploads/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { sig } = request.query as { sig?: string };
    const upload = await conversations.upload(id);
    if (!upload) throw notFound('no such file');
    let allowed = typeof sig === 'string' && store.verify(id, upload.visitor_id, sig);
    if (!allowed && tokenOf(request)) {
      const agent = await auth.agentFor(tokenOf(request));
      allowed = agent !== undefined && (await conversations.agentKnowsVisitor(agent.id, upload.visitor_id));
    }
    if (!allowed) throw new ApiError(403, 'this file belongs to another conversation');
    const bytes = await store.read(id).catch(() => {
      throw notFound('no such file');
    });
    const inline = isInline(upload.suffix);
    reply
      .header('Content-Type', upload.mime)
      .header(
        'Content-Disposition',
        contentDisposition(inline ? 'inline' : 'attachment', upload.original_name),
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=86400');
    return reply.send(bytes);
  });
}
