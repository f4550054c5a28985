import { describe, expect, it } from 'vitest';
import { fileMsgType } from './files.js';
import { advance, FakeServer, installFakeClock, NOW, setup, started } from './test/fakeServer.js';

installFakeClock();

const file = (name: string, content = 'data') => new File([content], name);

describe('sending text', () => {
  it('given a text, should append it pending with msgId-{time}, then sent on status 1', async () => {
    let release: (value: unknown) => void = () => {};
    const server = new FakeServer().answer('sendMsg', () => new Promise((resolve) => (release = resolve)));
    const { session, state } = await started({ server, start: { status: 2 } });
    const sending = session.sendText('Hello');
    await advance(0);
    expect(state().messages).toMatchObject([
      { id: `msgId-${NOW}`, msgContent: 'Hello', senderType: 1, status: 'pending' },
    ]);
    release({ code: 200, data: { status: 1 }, message: '' });
    await sending;
    expect(state().messages[0]?.status).toBe('sent');
  });

  it('given the payload, should send the message fields without the local id and status, with clientMsgId', async () => {
    const { session, server } = await started({ start: { status: 2 } });
    await session.sendText('Hello');
    expect(server.bodies('sendMsg')).toEqual([
      {
        userId: 'u1',
        senderType: 1,
        msgType: 1,
        msgContent: 'Hello',
        msgTime: NOW,
        clientMsgId: `msgId-${NOW}`,
      },
    ]);
  });

  it('given an answer status other than 1, should mark the message failed', async () => {
    const server = new FakeServer().reply('sendMsg', { status: 0 });
    const { session, state } = await started({ server, start: { status: 2 } });
    await session.sendText('Hello');
    expect(state().messages[0]?.status).toBe('fail');
  });

  it('given two messages in the same millisecond, should give them different ids', async () => {
    const { session, state } = await started({ start: { status: 2 } });
    await Promise.all([session.sendText('one'), session.sendText('two')]);
    expect(state().messages.map((message) => message.id)).toEqual([`msgId-${NOW}`, `msgId-${NOW + 1}`]);
  });

  it("given no userId, should refuse the send and log 'userId not obtained'", async () => {
    const { session, state, logger, server } = setup();
    await session.sendText('Hello');
    expect(logger.error).toHaveBeenCalledWith('userId not obtained');
    expect(state().messages).toEqual([]);
    expect(server.count('sendMsg')).toBe(0);
  });

  it('given blank text, should send nothing', async () => {
    const { session, server } = await started();
    await session.sendText('   ');
    expect(server.count('sendMsg')).toBe(0);
  });
});

describe('robot answers', () => {
  it('given robot mode and status not 2, should add a pending answer-{id} placeholder filled by robotAsk', async () => {
    let release: (value: unknown) => void = () => {};
    const server = new FakeServer().answer('robotAsk', () => new Promise((resolve) => (release = resolve)));
    const { session, state } = await started({ server });
    const sending = session.sendText('Where is my order?');
    await advance(0);
    expect(state().messages).toMatchObject([
      { id: `msgId-${NOW}`, status: 'sent' },
      {
        id: `answer-msgId-${NOW}`,
        senderType: 3,
        senderName: 'Robo',
        status: 'pending',
        msgType: 'answermsg',
      },
    ]);
    expect(server.bodies('robotAsk')).toEqual([
      { userId: 'u1', msgContent: 'Where is my order?', msgId: `msgId-${NOW}`, stream: true },
    ]);
    release({
      code: 200,
      data: { id: 'r1', senderType: 3, msgType: 1, msgContent: 'On its way', msgTime: NOW },
      message: '',
    });
    await sending;
    expect(state().messages[1]).toMatchObject({ id: 'r1', msgContent: 'On its way', status: 'sent' });
    expect(state().messages).toHaveLength(2);
  });

  it('given status 2, should add no robot placeholder', async () => {
    const { session, state, server } = await started({ start: { status: 2 } });
    await session.sendText('Hi');
    expect(state().messages).toHaveLength(1);
    expect(server.count('robotAsk')).toBe(0);
  });

  it('given human-first mode, should add no robot placeholder', async () => {
    const { session, state } = await started({
      channel: { receiveMode: 3 },
      server: new FakeServer().reply('transferAgent', { status: 6 }),
    });
    await session.sendText('Hi');
    expect(state().messages.some((message) => message.id.startsWith('answer-'))).toBe(false);
  });

  it('given robotAsk fails, should mark the placeholder failed', async () => {
    const server = new FakeServer().refuse('robotAsk');
    const { session, state } = await started({ server });
    await session.sendText('Hi');
    expect(state().messages[1]).toMatchObject({ id: `answer-msgId-${NOW}`, status: 'fail' });
  });

  it('given the send fails, should drop the placeholder and not ask the robot', async () => {
    const server = new FakeServer().refuse('sendMsg');
    const { session, state } = await started({ server });
    await session.sendText('Hi');
    expect(state().messages.map((message) => message.id)).toEqual([`msgId-${NOW}`]);
    expect(server.count('robotAsk')).toBe(0);
  });

  it('given the answer is already shown, should not show it twice', async () => {
    const server = new FakeServer().reply('robotAsk', {
      id: `msgId-${NOW}`,
      senderType: 3,
      msgType: 1,
      msgContent: 'x',
      msgTime: 1,
    });
    const { session, state } = await started({ server });
    await session.sendText('Hi');
    expect(state().messages.map((message) => message.id)).toEqual([`msgId-${NOW}`]);
  });
});

describe('retry', () => {
  it('given a failed message, should re-send it in place with the same clientMsgId', async () => {
    const server = new FakeServer().refuse('sendMsg');
    const { session, state } = await started({ server, start: { status: 2 } });
    await session.sendText('Hello');
    expect(state().messages[0]?.status).toBe('fail');
    server.reply('sendMsg', { status: 1 });
    await session.retry(`msgId-${NOW}`);
    expect(state().messages).toMatchObject([{ id: `msgId-${NOW}`, status: 'sent' }]);
    expect(server.bodies('sendMsg').map((body) => body.clientMsgId)).toEqual([
      `msgId-${NOW}`,
      `msgId-${NOW}`,
    ]);
  });

  it('given retry is pressed twice quickly, should send once', async () => {
    const server = new FakeServer().refuse('sendMsg');
    const { session } = await started({ server, start: { status: 2 } });
    await session.sendText('Hello');
    server.reply('sendMsg', { status: 1 });
    await Promise.all([session.retry(`msgId-${NOW}`), session.retry(`msgId-${NOW}`)]);
    expect(server.count('sendMsg')).toBe(2);
  });

  it('given a sent message or an unknown id, should do nothing', async () => {
    const { session, server } = await started({ start: { status: 2 } });
    await session.sendText('Hello');
    await session.retry(`msgId-${NOW}`);
    await session.retry('nope');
    expect(server.count('sendMsg')).toBe(1);
  });
});

describe('file type by extension', () => {
  it.each([
    ...'jpeg gif jpg png bmp pic svg'.split(' ').map((ext) => [ext, 2]),
    ...'mp4 avi mov rmvb rm flv 3gp'.split(' ').map((ext) => [ext, 6]),
    ...'mp3 wav ogg'.split(' ').map((ext) => [ext, 5]),
    ['pdf', 4],
    ['docx', 4],
  ] as [string, number][])('given .%s, should be msgType %i', (ext, type) => {
    expect(fileMsgType(`name.${ext}`)).toBe(type);
    expect(fileMsgType(`NAME.${ext.toUpperCase()}`)).toBe(type);
  });

  it('given no extension, should be a generic file', () => {
    expect(fileMsgType('README')).toBe(4);
    expect(fileMsgType('archive.png.zip')).toBe(4);
  });
});

describe('sending files', () => {
  const uploaded = { url: 'https://files/a.png', name: 'a.png', suffix: 'png' };

  it('given an image, should preview it while uploading, upload multipart, then send it with its file fields', async () => {
    let release: (value: unknown) => void = () => {};
    const server = new FakeServer().answer('upload', () => new Promise((resolve) => (release = resolve)));
    const { session, state } = await started({ server, start: { status: 2 } });
    const sending = session.sendFile(file('a.png', 'png!'), undefined);
    expect(state().messages[0]).toMatchObject({
      msgType: 2,
      fileName: 'a.png',
      fileSize: 4,
      previewUrl: 'blob:preview',
      status: 'pending',
    });
    const form = server.bodies('upload')[0] as FormData;
    expect(form.get('userId')).toBe('u1');
    expect((form.get('file') as File).name).toBe('a.png');
    release({ code: 200, data: uploaded, message: '' });
    await sending;
    expect(server.bodies('sendMsg')[0]).toMatchObject({
      msgType: 2,
      fileName: 'a.png',
      fileSize: 4,
      fileUrl: uploaded.url,
      msgContent: 'a.png',
    });
    expect(state().messages[0]).toMatchObject({ status: 'sent', fileUrl: uploaded.url });
  });

  it('given a voice message, should send its audio duration', async () => {
    const server = new FakeServer().reply('upload', uploaded);
    const { session } = await started({ server, start: { status: 2 } });
    await session.sendFile(file('voice.mp3'), 7);
    expect(server.bodies('sendMsg')[0]).toMatchObject({ msgType: 5, audioDuration: 7 });
  });

  it.each([
    ['a code other than 200', (server: FakeServer) => server.refuse('upload')],
    ['no data', (server: FakeServer) => server.reply('upload', null)],
    [
      'a network failure',
      (server: FakeServer) => server.answer('upload', () => Promise.reject(new Error('down'))),
    ],
  ])(
    'given an upload answered with %s, should mark the message failed and send nothing',
    async (_, arrange) => {
      const server = new FakeServer();
      arrange(server);
      const { session, state } = await started({ server, start: { status: 2 } });
      await session.sendFile(file('doc.pdf'));
      expect(state().messages[0]).toMatchObject({ msgType: 4, status: 'fail' });
      expect(server.count('sendMsg')).toBe(0);
    },
  );

  it('given a failed upload, should upload again on retry and send once', async () => {
    const server = new FakeServer().refuse('upload');
    const { session, state } = await started({ server, start: { status: 2 } });
    await session.sendFile(file('a.png'));
    server.reply('upload', uploaded);
    await session.retry(`msgId-${NOW}`);
    expect(server.count('upload')).toBe(2);
    expect(server.count('sendMsg')).toBe(1);
    expect(state().messages).toHaveLength(1);
    expect(state().messages[0]?.status).toBe('sent');
  });

  it('given no userId, should refuse the file', async () => {
    const { session, server, logger } = setup();
    await session.sendFile(file('a.png'));
    expect(server.count('upload')).toBe(0);
    expect(logger.error).toHaveBeenCalledWith('userId not obtained');
  });
});

describe('why a file failed', () => {
  const notices = (state: () => { notices: readonly { key: string; text: string }[] }) =>
    state().notices.map((notice) => notice.text);

  it('given a file over the limit chatStart announced, should fail it with the reason and upload nothing', async () => {
    const { session, server, state } = await started({ start: { status: 2, uploadLimit: 1024 } });
    await session.sendFile(file('scan.pdf', 'x'.repeat(2048)));
    expect(server.count('upload')).toBe(0);
    expect(server.count('sendMsg')).toBe(0);
    expect(state().messages.at(-1)).toMatchObject({ fileName: 'scan.pdf', status: 'fail' });
    expect(notices(state)).toEqual(['scan.pdf is too large. The limit is 1 KB.']);
  });

  it('given the server refuses the upload as too large (413), should say so', async () => {
    const server = new FakeServer().refuse('upload', 'the request body is too large', 413);
    const { session, state } = await started({ server, start: { status: 2, uploadLimit: 20 * 1024 * 1024 } });
    await session.sendFile(file('movie.mp4'));
    expect(state().messages.at(-1)).toMatchObject({ status: 'fail' });
    expect(notices(state)).toEqual(['movie.mp4 is too large. The limit is 20 MB.']);
  });

  it('given the server refuses the type (400), should say the type is not accepted', async () => {
    const server = new FakeServer().refuse('upload', 'files of type "exe" are not accepted', 400);
    const { session, state } = await started({ server, start: { status: 2 } });
    await session.sendFile(file('setup.exe'));
    expect(state().messages.at(-1)).toMatchObject({ status: 'fail' });
    expect(notices(state)).toEqual(['setup.exe cannot be sent: this type of file is not accepted.']);
  });

  it("given the server says today's upload quota is reached (429), should say to try later", async () => {
    const server = new FakeServer().refuse('upload', 'upload quota reached', 429);
    const { session, state } = await started({ server, start: { status: 2 } });
    await session.sendFile(file('photo.png'));
    expect(state().messages.at(-1)).toMatchObject({ status: 'fail' });
    expect(notices(state)).toEqual([
      'photo.png cannot be sent: the upload limit for today is reached. Please try again later.',
    ]);
  });

  it('given a dropped network, should only fail the message (retry sends it), with no reason to tell', async () => {
    const { session, server, state } = await started({ start: { status: 2 } });
    server.offline = true;
    await session.sendFile(file('a.png'));
    expect(state().messages.at(-1)).toMatchObject({ status: 'fail' });
    expect(notices(state)).toEqual([]);
  });
});

describe('recording the FAQ answer the visitor opened', () => {
  it('given an FAQ node with content, should add it to the chat record as the robot, once per answer', async () => {
    const { session, server } = await started({ start: { status: 2 } });
    await session.recordFaqAnswer({ title: 'Returns', content: '30 days, free of charge.' });
    expect(server.bodies('addSessionMsg')).toEqual([
      expect.objectContaining({
        userId: 'u1',
        senderType: 3,
        msgType: 'faq',
        msgContent: 'Returns\n30 days, free of charge.',
        clientMsgId: 'faq:Returns',
      }),
    ]);
  });

  it('given a node without content, should record nothing', async () => {
    const { session, server } = await started();
    await session.recordFaqAnswer({ title: 'Orders' });
    expect(server.count('addSessionMsg')).toBe(0);
  });
});
