import '@parley/chat-ui/styles.css';
import './console.css';
import { MsgType, SenderType } from '@parley/chat-protocol';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { expect, within } from 'storybook/test';
import type { Chat, EarlierTranscript, VisitorProfile, WireMessage } from './api.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { CONSOLE_LANGUAGE_KEY } from './i18n/languages.js';
import { readStored, writeStored } from './storage.js';
import { VisitorPanel } from './VisitorPanel.js';

// Earlier chats in the browser's own time zone, as the console writes them: the same on screen
// wherever the screenshots are taken. The visitor's clock has a zone of its own.
const local = (month: number, day: number, hour: number, minute: number) =>
  new Date(2026, month - 1, day, hour, minute).getTime();
/** 15:30 in Vienna (UTC+01:00) on 18 March 2026. */
const now = Date.UTC(2026, 2, 18, 14, 30);

const chat = (sessionId: string, visitorName: string, email = '', phone = ''): Chat => ({
  sessionId,
  visitorId: `visitor-${sessionId}`,
  channelId: 'shop',
  groupId: null,
  since: now - 240_000,
  visitorName,
  email,
  phone,
  verified: false,
  verifiedPid: null,
  visitorTyping: null,
});

const known = chat('s-lena', 'Lena Hofer', 'lena.hofer@example.com', '+43 660 1234567');
const unknown = chat('s-sam', 'Sam');

const profiles: Record<string, VisitorProfile> = {
  [known.sessionId]: {
    name: 'Lena Hofer',
    email: 'lena.hofer@example.com',
    phone: '+43 660 1234567',
    verified: true,
    verifiedPid: 'cust-4471',
    pageUrl: 'https://shop.example.com/checkout/shipping?step=2&country=AT',
    referrer: 'https://www.example.org/search?q=waterproof+hiking+boots',
    language: 'de-AT',
    timeZone: 'Europe/Vienna',
    earlierChats: [
      {
        sessionId: 'e-boots',
        channelId: 'shop',
        startedAt: local(3, 2, 10, 12),
        endedAt: local(3, 2, 10, 31),
        agentNick: 'Camille',
        firstMessage: 'Hallo! Kann ich die Lieferadresse meiner Bestellung noch ändern?',
        messageCount: 8,
        rating: { star: 5 },
      },
      {
        sessionId: 'e-sizes',
        channelId: 'shop',
        startedAt: local(2, 11, 19, 47),
        endedAt: local(2, 11, 19, 50),
        agentNick: null,
        firstMessage: 'Do the boots run large?',
        messageCount: 1,
        rating: null,
      },
    ],
  },
  [unknown.sessionId]: {
    name: 'Sam',
    email: null,
    phone: null,
    verified: false,
    verifiedPid: null,
    pageUrl: null,
    referrer: null,
    language: null,
    timeZone: null,
    earlierChats: [],
  },
};

const line = (id: string, from: 'visitor' | 'agent', msgContent: string, msgTime: number): WireMessage =>
  from === 'agent'
    ? {
        id,
        userId: 'a-camille',
        senderType: SenderType.agent,
        senderName: 'Camille',
        msgType: MsgType.text,
        msgContent,
        msgTime,
      }
    : { id, userId: 'v-lena', senderType: SenderType.visitor, msgType: MsgType.text, msgContent, msgTime };

/** What "Read chat" opens, for trying the panel in Storybook. */
const transcripts: Record<string, EarlierTranscript> = {
  'e-boots': {
    sessionId: 'e-boots',
    channelId: 'shop',
    startedAt: local(3, 2, 10, 12),
    endedAt: local(3, 2, 10, 31),
    agentNick: 'Camille',
    rating: { star: 5, tags: [] },
    messages: [
      line(
        't1',
        'visitor',
        'Hallo! Kann ich die Lieferadresse meiner Bestellung noch ändern?',
        local(3, 2, 10, 12),
      ),
      line('t2', 'agent', 'Yes, it has not shipped yet. What is the new address?', local(3, 2, 10, 14)),
    ],
  },
  'e-sizes': {
    sessionId: 'e-sizes',
    channelId: 'shop',
    startedAt: local(2, 11, 19, 47),
    endedAt: local(2, 11, 19, 50),
    agentNick: null,
    rating: null,
    messages: [line('t3', 'visitor', 'Do the boots run large?', local(2, 11, 19, 47))],
  },
};

/** The agent API's answer for one of the panel's requests, or undefined for anything else. */
function answer(path: string): unknown {
  const visitor = /^\/api\/agent\/chats\/([^/]+)\/visitor$/.exec(path);
  if (visitor) return profiles[decodeURIComponent(visitor[1] ?? '')];
  const earlier = /^\/api\/agent\/chats\/[^/]+\/earlier-chats\/([^/]+)\/messages$/.exec(path);
  if (earlier) return transcripts[decodeURIComponent(earlier[1] ?? '')];
  return undefined;
}

let staged = 0;
let unstage = () => {};

/**
 * Stands in for the console's server (the panel's requests, answered as the agent API does) and
 * for an agent who chose English, while at least one of these stories is on screen; a docs page
 * shows several at once, so the last one to go puts `fetch` and the stored language back.
 */
function stageConsole(): () => void {
  if (staged++ === 0) {
    const realFetch = globalThis.fetch;
    const storedLanguage = readStored(CONSOLE_LANGUAGE_KEY);
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const data = url.origin === location.origin ? answer(url.pathname) : undefined;
      if (data === undefined) return realFetch(input, init);
      return Response.json({ code: 200, data, message: 'ok' });
    };
    writeStored(CONSOLE_LANGUAGE_KEY, 'en');
    unstage = () => {
      globalThis.fetch = realFetch;
      writeStored(CONSOLE_LANGUAGE_KEY, storedLanguage);
    };
  }
  return () => {
    if (--staged === 0) unstage();
  };
}

/** The console around the panel: its server, its language, and the panel at the end of a chat. */
const Console: Decorator = (Story) => {
  // A layout effect: it runs before the language is read and the panel asks for the visitor.
  useLayoutEffect(stageConsole, []);
  return (
    <I18nProvider>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Story />
      </div>
    </I18nProvider>
  );
};

/**
 * The agent console's panel beside the open chat: who the visitor is, where they opened the chat
 * and came from, their language and local time, and their earlier chats, each readable in place.
 * What the visitor's page or form did not tell is left out.
 */
const meta = {
  title: 'Agent console/VisitorPanel',
  component: VisitorPanel,
  decorators: [Console],
  args: { sessionId: known.sessionId, chat: known, now },
} satisfies Meta<typeof VisitorPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A verified visitor who told everything, with two earlier chats. */
export const KnownVisitor: Story = {
  play: async ({ canvasElement }) => {
    const panel = await within(canvasElement).findByRole('complementary', { name: 'Visitor details' });
    const details = within(panel);
    const value = (label: string) => details.getByText(label).nextElementSibling;
    await expect(await details.findByText('Lena Hofer')).toBeVisible();
    await expect(value('Name')).toHaveTextContent('Lena Hofer');
    await expect(details.getByRole('note', { name: 'Verified visitor, site id cust-4471' })).toBeVisible();
    await expect(value('Email')).toHaveTextContent('lena.hofer@example.com');
    await expect(value('Phone')).toHaveTextContent('+43 660 1234567');
    await expect(
      details.getByRole('link', { name: 'https://shop.example.com/checkout/shipping?step=2&country=AT' }),
    ).toHaveAttribute('href', 'https://shop.example.com/checkout/shipping?step=2&country=AT');
    await expect(value('Came from')).toHaveTextContent(
      'https://www.example.org/search?q=waterproof+hiking+boots',
    );
    await expect(value('Language')).toHaveTextContent('Austrian German de-AT');
    await expect(value('Local time')).toHaveTextContent('3:30 PM (UTC+01:00) Europe/Vienna');
    await expect(details.getByRole('heading', { name: 'Earlier chats' })).toBeVisible();
    const earlier = details.getAllByRole('listitem');
    await expect(earlier).toHaveLength(2);
    await expect(earlier[0]).toHaveTextContent('Camille · shop · Rated 5 of 5');
    await expect(earlier[0]).toHaveTextContent('Messages: 8');
    await expect(earlier[1]).toHaveTextContent('No agent · shop');
    await expect(details.getAllByRole('button', { name: 'Read chat' })).toHaveLength(2);
  },
};

/** A visitor who told only a name: everything else is left out, and there are no earlier chats. */
export const OnlyAName: Story = {
  args: { sessionId: unknown.sessionId, chat: unknown },
  play: async ({ canvasElement }) => {
    const panel = await within(canvasElement).findByRole('complementary', { name: 'Visitor details' });
    const details = within(panel);
    await expect(await details.findByText('Sam')).toBeVisible();
    await expect(details.getByText('Name')).toBeVisible();
    await expect(details.queryByText('Email')).toBeNull();
    await expect(details.queryByText('Local time')).toBeNull();
    await expect(details.getByText('No earlier chats.')).toBeVisible();
  },
};
