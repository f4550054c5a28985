import { describe, expect, it } from 'vitest';
import { FakeServer, installFakeClock, started } from './test/fakeServer.js';
import { transcriptOffered } from './transcript.js';

installFakeClock();

/** A server that mails transcripts, answering with the address it was given. */
const mailing = () =>
  new FakeServer().reply('transcript', (body: { email?: string }) => ({
    to: body.email ?? 'given@before.example',
  }));

describe('the transcript by email', () => {
  it('given a server that mails transcripts, should offer it only once the chat has ended', async () => {
    const { session, state } = await started({ server: mailing(), start: { transcript: true } });
    expect(transcriptOffered(state())).toBe(false);
    session.setTranscriptOpen(true);
    expect(state().openTranscript).toBe(false);
    await session.close();
    expect(transcriptOffered(state())).toBe(true);
    session.setTranscriptOpen(true);
    expect(state().openTranscript).toBe(true);
  });

  it("given a server that does not say it mails them (the spec's answer), should never offer it", async () => {
    const { session, state } = await started({ server: mailing() });
    await session.close();
    expect(transcriptOffered(state())).toBe(false);
    session.setTranscriptOpen(true);
    expect(state().openTranscript).toBe(false);
  });

  it('given an address, should ask for the transcript to it, close the form and remember the address', async () => {
    const { session, state, server } = await started({ server: mailing(), start: { transcript: true } });
    await session.close();
    session.setTranscriptOpen(true);
    await expect(session.requestTranscript('vera@example.com')).resolves.toBe(true);
    expect(server.bodies('transcript')).toEqual([{ userId: 'u1', email: 'vera@example.com' }]);
    expect(state()).toMatchObject({ openTranscript: false, visitorContact: { email: 'vera@example.com' } });
  });

  it("given the day's limit reached, should keep the form open and say so", async () => {
    const server = mailing().refuse('transcript', 'at most 3 transcripts a day', 429);
    const { session, state } = await started({ server, start: { transcript: true } });
    await session.close();
    session.setTranscriptOpen(true);
    await expect(session.requestTranscript('vera@example.com')).resolves.toBe(false);
    expect(state().openTranscript).toBe(true);
    expect(state().notices).toEqual([
      {
        id: 1,
        key: 'notices.transcriptLimit',
        text: 'You can ask for 3 transcripts a day. Please try again tomorrow.',
        params: { limit: 3 },
      },
    ]);
  });

  it('given another failure, should keep the form open and say the submit failed', async () => {
    const server = mailing().refuse('transcript', 'email is not set up', 503);
    const { session, state } = await started({ server, start: { transcript: true } });
    await session.close();
    session.setTranscriptOpen(true);
    await expect(session.requestTranscript('vera@example.com')).resolves.toBe(false);
    expect(state().openTranscript).toBe(true);
    expect(state().notices.map((notice) => notice.key)).toEqual(['notices.submitFailed']);
  });

  it('given an address in the URL, then one left with a message, should start the form with the latest', async () => {
    const { session, state } = await started({
      server: mailing(),
      search: '?channelId=c1&email=url%40example.com',
      start: { transcript: true },
    });
    expect(state().visitorContact.email).toBe('url@example.com');
    await session.leaveMessage({ email: 'left@example.com', content: 'Call me' });
    expect(state().visitorContact.email).toBe('left@example.com');
  });

  it('given a new chat, should close a transcript form left open', async () => {
    const { session, state } = await started({ server: mailing(), start: { transcript: true } });
    await session.close();
    session.setTranscriptOpen(true);
    await session.start();
    expect(state()).toMatchObject({ chatClosed: false, openTranscript: false });
  });
});
