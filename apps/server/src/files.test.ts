import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness, serverFor } from './test/harness.js';
import { checkFile } from './uploads.js';

// The smallest valid PNG (1x1).
const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D49444154789C6360000002000154A24F5D0000000049454E44AE426082',
  'hex',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const seed: Seed = {
  channels: [{ id: 'files', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    {
      id: 'f1',
      username: 'f1',
      password: 'pw-f1',
      nick: 'Fay',
      capacity: 5,
      channels: ['files'],
      online: true,
    },
  ],
};

function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  { fileFirst = false } = {},
) {
  const boundary = '----parleytest';
  const parts: Buffer[] = [];
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (!fileFirst) parts.push(...fieldParts);
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  if (fileFirst) parts.push(...fieldParts);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// File handling does not depend on the database: the embedded one is enough here.
const [database] = testDatabases();

/** A visitor upload as the page sends it: userId first, then the file. */
async function uploadTo(server: Harness, userId: string, name: string, bytes: Buffer) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/chat/visitor/upload',
    ...multipart({ userId }, { name, bytes }),
  });
  return { status: response.statusCode, ...response.json() };
}

describe('uploads', () => {
  let server: Harness;
  const upload = (userId: string, name: string, bytes: Buffer) => uploadTo(server, userId, name, bytes);

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    server = await harness(await database.open(), seed, { uploadLimit: 64 * 1024 });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  it('given a real PNG, should store it and serve it back to its visitor with safe headers', async () => {
    const { userId } = await server.start('files');
    const answer = await upload(userId, 'photo.png', PNG);
    expect(answer).toMatchObject({ code: 200, data: { name: 'photo.png', suffix: 'png' } });
    expect(answer.data.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\?sig=/);
    const file = await server.app.inject(answer.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
  });

  it('given a .png that is not a PNG, should refuse it', async () => {
    const { userId } = await server.start('files');
    const answer = await upload(userId, 'photo.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(answer).toMatchObject({
      status: 400,
      code: 400,
      message: 'the content of "photo.png" is not a png file',
    });
  });

  it('given an extension off the allow-list, should refuse it', async () => {
    const { userId } = await server.start('files');
    const answer = await upload(userId, 'setup.exe', Buffer.from('MZ....'));
    expect(answer.code).toBe(400);
    expect(answer.message).toContain('not accepted');
  });

  it('given a file over the size limit, should answer 413 with the limit', async () => {
    const { userId } = await server.start('files');
    const answer = await upload(userId, 'big.txt', Buffer.alloc(65 * 1024, 'a'));
    expect(answer).toMatchObject({ status: 413, code: 413 });
    expect(answer.message).toContain('larger than the limit');
  });

  it('given an SVG, should serve it only as a sandboxed download', async () => {
    const { userId } = await server.start('files');
    const answer = await upload(userId, 'logo.svg', SVG);
    const file = await server.app.inject(answer.data.url);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('given a text file with a hostile name, should keep the header safe', async () => {
    const { userId } = await server.start('files');
    const answer = await upload(userId, "r\u00e9sum\u00e9;(1)'.txt", Buffer.from('plain text'));
    const file = await server.app.inject(answer.data.url);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="r_sum__(1)'.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%3B%281%29%27.txt`,
    );
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it("given another visitor's file, should refuse it without the signed URL", async () => {
    const owner = await server.start('files');
    const answer = await upload(owner.userId, 'photo.png', PNG);
    const id = answer.data.url.split('?')[0];
    expect((await server.app.inject(id)).statusCode).toBe(403);
    expect((await server.app.inject(`${id}?sig=forged`)).statusCode).toBe(403);
  });

  describe('file messages', () => {
    it("given the visitor's own upload, should store the file message", async () => {
      const { userId } = await server.start('files');
      const { data } = await upload(userId, 'photo.png', PNG);
      const sent = await server.visitor('sendMsg', {
        userId,
        msgType: 2,
        msgContent: 'photo.png',
        fileUrl: data.url,
      });
      expect(sent).toMatchObject({ code: 200, data: { status: 1 } });
    });

    it.each([
      ['an outside address', 'https://evil.example/invoice.pdf'],
      ['a path out of the uploads', '/uploads/../agent/'],
      ['an upload id that does not exist', '/uploads/AAAAAAAAAAAAAAAAAAAAAA?sig=abc'],
      ['no URL at all', undefined],
    ])('given %s as fileUrl, should answer 400 naming fileUrl and store nothing', async (_case, fileUrl) => {
      const { userId, sessionId } = await server.start('files');
      const sent = await server.visitor('sendMsg', {
        userId,
        msgType: 4,
        msgContent: 'invoice.pdf',
        fileUrl,
      });
      expect(sent).toMatchObject({ code: 400 });
      expect(sent.message).toContain('fileUrl');
      const history = await server.visitor('getSessionMsg', { userId, sessionId });
      expect(history.data.map((m: { msgType: number }) => m.msgType)).not.toContain(4);
    });

    it("given another visitor's upload, should answer 400", async () => {
      const owner = await server.start('files');
      const { data } = await upload(owner.userId, 'photo.png', PNG);
      const thief = await server.start('files');
      const sent = await server.visitor('sendMsg', { userId: thief.userId, msgType: 2, fileUrl: data.url });
      expect(sent).toMatchObject({ code: 400 });
      expect(sent.message).toContain('fileUrl');
    });

    it.each([
      ['empty', ''],
      ['whitespace only', ' \n\t\u00a0 '],
    ])('given an %s text message, should answer 400 naming msgContent', async (_case, msgContent) => {
      const { userId } = await server.start('files');
      const sent = await server.visitor('sendMsg', { userId, msgType: 1, msgContent });
      expect(sent).toMatchObject({ code: 400 });
      expect(sent.message).toContain('msgContent');
    });
  });

  it('given an unknown visitor with a file over the limit, should refuse the visitor before reading the file', async () => {
    const answer = await upload('AAAAAAAAAAAAAAAAAAAAAA', 'big.txt', Buffer.alloc(65 * 1024, 'a'));
    expect(answer).toMatchObject({ status: 401, code: 401 });
  });

  it('given the file before the userId field, should answer 400 naming the order', async () => {
    const { userId } = await server.start('files');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/chat/visitor/upload',
      ...multipart({ userId }, { name: 'photo.png', bytes: PNG }, { fileFirst: true }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('the field "userId" must come before the field "file"');
  });

  it('given an unknown visitor, should refuse the upload', async () => {
    expect((await upload('AAAAAAAAAAAAAAAAAAAAAA', 'photo.png', PNG)).code).toBe(401);
  });

  it('given a base64 data URL, should store the image', async () => {
    const { userId } = await server.start('files');
    const answer = await server.visitor('uploadBase64', {
      userId,
      imgData: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(answer.data).toMatchObject({ suffix: 'png' });
    expect((await server.app.inject(answer.data.url)).statusCode).toBe(200);
  });

  /** An uploadBase64 body whose first bytes are `start`, the rest never sent: the answer, or undefined after 5 s. */
  const base64BodyCutAfter = async (start: string) => {
    const body = new PassThrough();
    body.write(start);
    body.write('A'.repeat(32 * 1024));
    const answer = server.app.inject({
      method: 'POST',
      url: '/api/chat/visitor/uploadBase64',
      headers: { 'content-type': 'application/json', 'content-length': String(80 * 1024) },
      payload: body,
    });
    return Promise.race([answer, sleep(5000).then(() => undefined)]);
  };

  it('given a made-up visitor id at the start of an uploadBase64 body, should answer 401 before the rest of the body arrives', async () => {
    const answer = await base64BodyCutAfter(
      '{"userId":"AAAAAAAAAAAAAAAAAAAAAA","imgData":"data:image/png;base64,',
    );
    expect(answer?.statusCode).toBe(401);
  });

  it('given an uploadBase64 body whose first field is not userId, should answer 400 naming the order before reading the rest', async () => {
    const { userId } = await server.start('files');
    const answer = await base64BodyCutAfter(`{"imgData":"data:image/png;base64,AAAA","userId":"${userId}"`);
    expect(answer?.statusCode).toBe(400);
    expect(answer?.json().message).toContain('starts with "userId"');
  });

  it('when an agent sends a file, should give the visitor 1201 with a URL the visitor can open', async () => {
    const visitor = await server.start('files');
    await server.visitor('transferAgent', { userId: visitor.userId });
    const agent = await server.login('f1', 'pw-f1');
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/agent/chats/${visitor.sessionId}/files`,
      ...multipart(
        {},
        { name: 'invoice.pdf', bytes: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n%%EOF') },
      ),
      headers: {
        ...multipart({}, { name: 'x', bytes: Buffer.alloc(0) }).headers,
        authorization: `Bearer ${agent.token}`,
      },
    });
    expect(response.json()).toMatchObject({ code: 200, data: { msgType: 4, fileName: 'invoice.pdf' } });
    const events = await server.visitor('getEventMsg', {
      userId: visitor.userId,
      pollId: visitor.pollId,
      cursor: '0',
    });
    const message = events.data.msgList.find((e: { event_type: number }) => e.event_type === 1201);
    expect(message).toMatchObject({ msgType: 4, fileName: 'invoice.pdf' });
    const file = await server.app.inject(message.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    // the agent reads the visitor's files with its session instead of a signature
    const upload = await server.visitor('uploadBase64', {
      userId: visitor.userId,
      imgData: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    const asAgent = await server.app.inject({
      url: upload.data.url.split('?')[0],
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(asAgent.statusCode).toBe(200);
  });
});

describe('upload quotas and retention', () => {
  let server: Harness;
  let now = Date.UTC(2026, 10, 1);
  const dir = mkdtempSync(join(tmpdir(), 'parley-uploads-'));
  const text = (bytes: number) => Buffer.alloc(bytes, 'a');
  const upload = (userId: string, name: string, bytes: Buffer) => uploadTo(server, userId, name, bytes);
  const stored = () => readdirSync(dir);

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    server = await harness(await database.open(), seed, {
      uploadsDir: dir,
      uploadLimit: 64 * 1024,
      uploadQuota: { perVisitor: 1000, perChannel: 1500 },
      uploadRetentionDays: 90,
      clock: () => now,
    });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  it('given a visitor past its daily bytes, should answer 429 with the quota and keep no file', async () => {
    const { userId } = await server.start('files');
    expect((await upload(userId, 'a.txt', text(600))).code).toBe(200);
    const before = stored().length;
    const over = await upload(userId, 'b.txt', text(600));
    expect(over).toMatchObject({ status: 429, code: 429 });
    expect(over.message).toBe('upload quota reached: a visitor may upload 0 MiB a day; try again later');
    expect(stored()).toHaveLength(before);
    expect(stored().filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it("given the channel past its daily bytes, should refuse another visitor's upload with 429", async () => {
    const { userId } = await server.start('files');
    expect((await upload(userId, 'c.txt', text(600))).code).toBe(200);
    const third = await server.start('files');
    const over = await upload(third.userId, 'd.txt', text(600));
    expect(over).toMatchObject({ status: 429 });
    expect(over.message).toContain('this chat service takes');
  });

  it('given a file larger than the quota left, should stop reading it there and leave nothing on disk', async () => {
    now += 2 * 24 * 60 * 60 * 1000; // a new day: the quotas start again
    const { userId } = await server.start('files');
    const before = stored();
    expect((await upload(userId, 'big.txt', text(60 * 1024))).code).toBe(429);
    expect(stored()).toEqual(before);
    expect((await upload(userId, 'small.txt', text(900))).code).toBe(200);
  });

  it('given uploads past retention, should delete file and record, and answer 404 for their link', async () => {
    const { userId } = await server.start('files');
    const kept = await upload(userId, 'kept.txt', text(10));
    expect(kept.code).toBe(200);
    expect((await server.app.inject(kept.data.url)).statusCode).toBe(200);
    const files = stored().length;
    now += 91 * 24 * 60 * 60 * 1000;
    const expired = await server.app.sweepUploads();
    expect(expired).toBeGreaterThanOrEqual(3);
    expect(stored().length).toBe(files - expired);
    expect((await server.app.inject(kept.data.url)).statusCode).toBe(404);
    const fresh = await upload(userId, 'fresh.txt', text(10));
    expect(await server.app.sweepUploads()).toBe(0);
    expect((await server.app.inject(fresh.data.url)).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('upload quotas under parallel uploads on $name', (database) => {
  let server: Harness;
  const dir = mkdtempSync(join(tmpdir(), 'parley-uploads-'));
  const PARALLEL = 20;

  beforeAll(async () => {
    server = await harness(await database.open(), seed, {
      uploadsDir: dir,
      uploadLimit: 64 * 1024,
      uploadQuota: { perVisitor: 1000, perChannel: 100_000 },
      // All from one address: the quota, not the uploads-at-once cap, must do the refusing.
      connectionLimits: { uploadsPerAddress: 100 },
    });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  it(`given ${PARALLEL} parallel 900-byte uploads against a 1000-byte quota, should accept one and refuse the rest with 429`, async () => {
    const { userId } = await server.start('files');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        uploadTo(server, userId, `p${n}.txt`, Buffer.alloc(900, 'a')),
      ),
    );
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.code === 429);
    expect(refused).toHaveLength(PARALLEL - 1);
    for (const answer of refused) expect(answer.message).toContain('upload quota reached');
    expect(readdirSync(dir).filter((name) => !name.endsWith('.part'))).toHaveLength(1);
  });

  it(`given ${PARALLEL} parallel 900-byte base64 uploads against the quota, should accept one`, async () => {
    const { userId } = await server.start('files');
    const imgData = `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(900 - PNG.length)]).toString('base64')}`;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => server.visitor('uploadBase64', { userId, imgData })),
    );
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 429)).toHaveLength(PARALLEL - 1);
  });

  it('given uploads one after another, should release each reservation so the quota left is exact', async () => {
    const { userId } = await server.start('files');
    for (let n = 0; n < 3; n++) {
      expect((await uploadTo(server, userId, `s${n}.txt`, Buffer.alloc(300, 'a'))).code).toBe(200);
    }
    expect((await uploadTo(server, userId, 's3.txt', Buffer.alloc(300, 'a'))).code).toBe(429);
    const [held] = await server.app.db.query<{ count: string | number }>(
      'select count(*) as count from upload_reservations where visitor_id = $1',
      [userId],
    );
    expect(Number(held?.count)).toBe(0);
  });
});

describe.each(testDatabases())('the upload quota of one address on $name', (database) => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-uploads-'));
  const server = serverFor(database, seed, {
    uploadsDir: dir,
    uploadQuota: { perVisitor: 1000, perChannel: 100_000, perAddress: 2000 },
  });

  it('given new visitor ids from one address, should refuse past the address quota and say why', async () => {
    const imgData = `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(900 - PNG.length)]).toString('base64')}`;
    const answers = [];
    for (let n = 0; n < 3; n++) {
      const { userId } = await server().start('files');
      answers.push(await server().visitor('uploadBase64', { userId, imgData }));
    }
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, 429]);
    expect(answers[2]?.message).toContain('one network address may upload');
    // A refused upload gives its reservation back: a smaller file still fits what is left.
    const { userId } = await server().start('files');
    const small = `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(150 - PNG.length)]).toString('base64')}`;
    expect((await server().visitor('uploadBase64', { userId, imgData: small })).code).toBe(200);
  });
});

describe.each(testDatabases())('file names and files without a record on $name', (database) => {
  let server: Harness;
  const dir = mkdtempSync(join(tmpdir(), 'parley-uploads-'));
  const stored = () => readdirSync(dir).sort();
  /** A multipart upload whose file name is given as the header spells it (`filename*=` included). */
  const uploadNamed = async (userId: string, disposition: string) => {
    const boundary = '----parleytest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${userId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/chat/visitor/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return { status: response.statusCode, ...response.json() };
  };

  beforeAll(async () => {
    server = await harness(await database.open(), seed, { uploadsDir: dir, uploadLimit: 64 * 1024 });
    await server.app.ready();
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  it('given file names holding a NUL, should refuse each with 400 and leave nothing on disk', async () => {
    const { userId } = await server.start('files');
    const before = stored();
    for (let n = 0; n < 8; n++) {
      const answer = await uploadNamed(userId, `filename*=UTF-8''x%00${n}.png`);
      expect(answer).toMatchObject({ status: 400, code: 400 });
      expect(answer.message).toContain('control character');
    }
    expect(stored()).toEqual(before);
    expect((await uploadNamed(userId, 'filename="fine.png"')).code).toBe(200);
  });

  it('given a file name longer than 255 characters, should refuse it and keep a 255-character one', async () => {
    const { userId } = await server.start('files');
    const before = stored();
    const long = await uploadNamed(userId, `filename="${'n'.repeat(70_000)}.png"`);
    expect(long).toMatchObject({ status: 400 });
    expect(long.message).toContain('longer than 255 characters');
    expect(stored()).toEqual(before);
    const name = `${'n'.repeat(251)}.png`;
    const kept = await uploadNamed(userId, `filename="${name}"`);
    expect(kept).toMatchObject({ code: 200, data: { name } });
  });

  it('given files on disk without a record and a stale partial file, should delete them at the sweep and keep recorded ones', async () => {
    const { userId } = await server.start('files');
    const kept = await uploadNamed(userId, 'filename="kept.png"');
    const strays = ['AAAAAAAAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBBBBBBBB', 'CCCCCCCCCCCCCCCCCCCCCC.part'];
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of strays) {
      writeFileSync(join(dir, name), Buffer.alloc(1024));
      utimesSync(join(dir, name), anHourAgo, anHourAgo);
    }
    await server.app.sweepUploads();
    for (const name of strays) expect(stored()).not.toContain(name);
    expect((await server.app.inject(kept.data.url)).statusCode).toBe(200);
  });

  it('given a file without a record left by a crash, should delete it when a server starts', async () => {
    const stray = 'DDDDDDDDDDDDDDDDDDDDDD';
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    writeFileSync(join(dir, stray), Buffer.alloc(1024));
    utimesSync(join(dir, stray), anHourAgo, anHourAgo);
    const restarted = await harness(server.app.db, seed, { uploadsDir: dir });
    await restarted.app.ready();
    expect(stored()).not.toContain(stray);
    await restarted.app.close();
  });
});

describe('what .pic and .rm files must contain', () => {
  const html = Buffer.from('<!doctype html><script>alert(1)</script>');
  /** A PICT version 2 file: the 512-byte preamble, size, frame, then the version opcode 0011 02FF. */
  const pict = Buffer.concat([Buffer.alloc(522), Buffer.from([0x00, 0x11, 0x02, 0xff]), Buffer.alloc(32)]);
  /** A RealMedia file: the 18-byte .RMF header chunk, then a PROP chunk. */
  const realMedia = Buffer.concat([
    Buffer.from('.RMF'),
    Buffer.from([0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4]),
    Buffer.from('PROP'),
    Buffer.alloc(46),
  ]);

  it.each([
    ['photo.pic', pict],
    ['paint.pic', Buffer.concat([Buffer.from([0x34, 0x12]), Buffer.alloc(30)])],
    ['photo.pic', PNG],
    ['clip.rm', realMedia],
    ['clip.rmvb', realMedia],
  ])('given %s with its format, should accept it', async (name, bytes) => {
    await expect(checkFile(name, bytes)).resolves.toMatchObject({ suffix: name.split('.')[1] });
  });

  it.each([
    ['page.pic', html],
    ['text.pic', Buffer.from('just some text that is long enough to be anything')],
    ['page.rm', Buffer.concat([Buffer.from('.RMF'), html])],
    ['short.rm', Buffer.from('.RMF')],
    [
      'lying.rm',
      Buffer.concat([Buffer.from('.RMF'), Buffer.from([0, 0, 0, 18]), Buffer.alloc(10), Buffer.from('<htm')]),
    ],
  ])('given %s without its format, should refuse it', async (name, bytes) => {
    await expect(checkFile(name, bytes)).rejects.toThrow(/is not a/);
  });
});
