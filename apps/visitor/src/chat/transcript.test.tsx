import { type ChatSession, createChatSession, createMemoryStorage } from '@parley/chat-core';
import { CHANNEL, FakeServer, START } from '@parley/chat-core/testing';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ChatScreen } from '../App.js';
import { DeferredToaster } from '../shell/toasts.js';
import { WithStrings } from '../test/strings.js';

// The ended chat's transcript by email, on the page: offered when the server mails transcripts,
// asked for in a small dialog (loaded with the other dialogs), the address checked and sent.

const quickTimers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, Math.min(ms, 20)),
  clearTimeout: (handle: unknown) => clearTimeout(handle as number),
};

const sessions: ChatSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
});

/** A chat with an agent on a server that mails transcripts (or not), shown on the page. */
async function withAgent({ transcript, search = '?channelId=7' }: { transcript?: boolean; search?: string }) {
  const server = new FakeServer()
    .reply('channelInfo', { ...CHANNEL, userOverMsg: '' })
    .reply('chatStart', { ...START, status: 2, ...(transcript !== undefined && { transcript }) })
    .reply('transcript', (body: { email: string }) => ({ to: body.email }));
  server.chatStatus = 2;
  const session = createChatSession({
    transport: server,
    search,
    referrer: '',
    storage: createMemoryStorage(),
    timers: quickTimers,
    logger: { info() {}, warn() {}, error() {} },
  });
  sessions.push(session);
  const screen = await render(
    <WithStrings>
      <JotaiProvider>
        <ChatScreen session={session} />
      </JotaiProvider>
      <DeferredToaster />
    </WithStrings>,
  );
  return { server, session, screen };
}

describe('the transcript by email', () => {
  it('given a server that mails transcripts, should offer it once the chat ends, check the address and send it', async () => {
    const { server, screen } = await withAgent({ transcript: true });
    const offer = screen.getByRole('button', { name: 'Email me the transcript' });
    await expect.element(screen.getByRole('button', { name: 'End chat' })).toBeVisible();
    await expect.element(offer).not.toBeInTheDocument();

    await screen.getByRole('button', { name: 'End chat' }).click();
    await offer.click();
    const dialog = screen.getByRole('dialog', { name: 'Email the transcript' });
    await expect
      .element(dialog)
      .toHaveAccessibleDescription('We will send this conversation to your email address.');
    const address = dialog.getByRole('textbox', { name: 'Email address' });

    // Not an address: said at the field, nothing sent.
    await userEvent.fill(address.element(), 'vera at example');
    await dialog.getByRole('button', { name: 'Send transcript' }).click();
    await expect.element(address).toHaveAttribute('aria-invalid', 'true');
    expect(server.bodies('transcript')).toEqual([]);

    await userEvent.fill(address.element(), 'vera@example.com');
    await dialog.getByRole('button', { name: 'Send transcript' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect
      .element(screen.getByText(/The transcript is on its way to vera@example\.com\./))
      .toBeVisible();
    expect(server.bodies('transcript')).toEqual([{ userId: START.userId, email: 'vera@example.com' }]);
    // Focus goes back to where the visitor was.
    await expect.element(offer).toHaveFocus();
  });

  it("given an address the page was given, should start with it; the day's limit is told and the dialog stays", async () => {
    const { server, screen } = await withAgent({
      transcript: true,
      search: '?channelId=7&email=nora%40example.com',
    });
    server.refuse('transcript', 'at most 3 transcripts a day', 429);
    await screen.getByRole('button', { name: 'End chat' }).click();
    await screen.getByRole('button', { name: 'Email me the transcript' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Email the transcript' });
    await expect
      .element(dialog.getByRole('textbox', { name: 'Email address' }))
      .toHaveValue('nora@example.com');
    await dialog.getByRole('button', { name: 'Send transcript' }).click();
    await expect
      .element(screen.getByText(/You can ask for 3 transcripts a day\. Please try again tomorrow\./))
      .toBeVisible();
    await expect.element(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('given a server that does not say it mails transcripts, should not offer one', async () => {
    const { screen } = await withAgent({});
    await screen.getByRole('button', { name: 'End chat' }).click();
    await expect.element(screen.getByRole('button', { name: 'Start a new chat' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Email me the transcript' }))
      .not.toBeInTheDocument();
  });
});
