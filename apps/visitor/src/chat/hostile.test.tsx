import {
  type ChatMessage,
  type ChatSession,
  createChatSession,
  createMemoryStorage,
  MsgType,
  SenderType,
  VisitorEvent,
} from '@parley/chat-core';
import { FakeServer, START } from '@parley/chat-core/testing';
import type { MessageModel } from '@parley/chat-ui/Message';
import { MessageList } from '@parley/chat-ui/MessageList';
import { LazyRichText } from '@parley/chat-ui/RichText';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import {
  ANSWER_BOUND_MS,
  findHostileTraces,
  hostileHits,
  installHostileTrap,
  mainThreadDelay,
  RENDER_BOUND_MS,
} from '../../../../packages/chat-ui/src/test/hostileChecks.js';
import {
  countByCategory,
  HOSTILE_CORPUS,
  SAFE_URL,
} from '../../../../packages/chat-ui/src/test/hostileCorpus.js';
import { ChatScreen } from '../App.js';
import { useT } from '../i18n/useT.js';
import { WithStrings } from '../test/strings.js';
import { agentAvatarUrl } from './avatars.js';
import { EvaluationDialog } from './forms/EvaluationDialog.js';
import { GroupPicker } from './forms/GroupPicker.js';
import { UserForm } from './forms/UserForm.js';
import { MessageBody } from './MessageBody.js';
import { looksLikeMarkup } from './messageView.js';
import { useMessageRows } from './useMessageRows.js';

// Every place the visitor page shows what the server sent, fed the hostile corpus through the
// page's own path: the engine's messages become the list's rows (useMessageRows, messageView) and
// custom rows draw through MessageBody, as the chat page does.

/** The chat page's own list: its rows and its drawing of custom rows. */
function PageMessages({ messages }: { messages: ChatMessage[] }) {
  const t = useT();
  const rows = useMessageRows(messages, t, { robotName: 'Robo' });
  return (
    <MessageList
      aria-label="Conversation"
      messages={rows}
      statusTimers="product"
      renderContent={(row: MessageModel) =>
        row.type === 'custom' ? <MessageBody model={row} onAsk={() => {}} onRead={() => {}} /> : undefined
      }
    />
  );
}

const message = (fields: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  userId: 'u1',
  senderType: SenderType.agent,
  msgType: MsgType.text,
  msgContent: '',
  msgTime: 1_700_000_000_000,
  ...fields,
});

interface MessageSurface {
  name: string;
  message: (payload: string) => ChatMessage;
  /** Where the payload shows as plain text, exactly as written (or as `shows` puts it). */
  text?: string;
  shows?: (payload: string) => string;
  /** Whether the payload draws as markdown here. */
  markdown?: (payload: string) => boolean;
}

const visitor = SenderType.visitor;
const MESSAGE_SURFACES: MessageSurface[] = [
  {
    name: 'visitor text',
    message: (p) => message({ senderType: visitor, msgContent: p, status: 'sent' }),
    text: '.parley-bubble__text',
  },
  {
    name: 'agent text and nick',
    message: (p) => message({ senderName: p, msgContent: p }),
    text: '.parley-message__name',
  },
  {
    name: 'robot answer (markdown when it looks like it)',
    message: (p) => message({ senderType: SenderType.robot, senderName: p, msgContent: p }),
    text: '.parley-message__name',
    markdown: (p) => looksLikeMarkup(p) && p.length < 1000,
  },
  {
    name: 'system notice',
    message: (p) => message({ senderType: SenderType.system, msgContent: p }),
    text: '.parley-system-message__text',
  },
  {
    name: 'agent joined notice (the nick in a translated text)',
    message: (p) =>
      message({ senderType: SenderType.system, noticeKey: 'chat.agentJoined', noticeParams: { name: p } }),
    text: '.parley-system-message__text',
    shows: (p) => `${p} joined the chat`,
  },
  {
    name: 'file: name and URL',
    message: (p) =>
      message({ senderName: p, msgType: MsgType.file, msgContent: p, fileName: p, fileUrl: p, fileSize: 1 }),
    text: '.parley-file-card__name',
  },
  {
    name: 'image: URL and name',
    message: (p) => message({ msgType: MsgType.image, msgContent: p, fileName: p, fileUrl: p }),
  },
  {
    name: 'visitor image uploading: local preview URL',
    message: (p) =>
      message({
        senderType: visitor,
        msgType: MsgType.image,
        msgContent: p,
        previewUrl: p,
        status: 'pending',
      }),
  },
  { name: 'audio: URL', message: (p) => message({ msgType: MsgType.audio, msgContent: p, fileUrl: p }) },
  {
    name: 'video: URL and name',
    message: (p) => message({ msgType: MsgType.video, msgContent: p, fileName: p, fileUrl: p }),
  },
  {
    name: 'auto tip: title, content and link',
    message: (p) =>
      message({ msgType: MsgType.autoTip, msgContent: p, tip: { title: p, content: p, link: p } }),
    text: '.parley-tip-card__title',
  },
  {
    name: 'FAQ: question',
    message: (p) =>
      message({ msgType: MsgType.faq, msgContent: p, faq: [{ title: p, content: p, link: p }] }),
    text: '.parley-tree__title',
  },
  {
    name: 'card: text and goods card',
    message: (p) =>
      message({
        senderType: SenderType.robot,
        msgType: MsgType.card,
        msgContent: p,
        card: { code: 'goods-card', props: { name: p, desc: p, img: p, tags: [{ name: p }], status: p } },
      }),
    text: '.parley-goods-card__name',
  },
];

interface FormSurface {
  name: string;
  draw: (payload: string) => ReactNode;
}

const FORM_SURFACES: FormSurface[] = [
  {
    name: 'user form: field labels and options',
    draw: (p) => (
      <UserForm
        onSubmit={async () => true}
        config={{
          formModal: 0,
          fields: [
            { name: 'name', label: p, type: 'text', required: true },
            { name: 'topic', label: p, type: 'select', options: [p] },
            { name: 'details', label: p, type: 'textarea' },
          ],
        }}
      />
    ),
  },
  {
    name: 'group picker: group names',
    draw: (p) => (
      <GroupPicker groups={[{ groupId: 'g1', groupName: p }]} onChoose={() => {}} onCancel={() => {}} />
    ),
  },
  {
    name: 'evaluation: rating names',
    draw: (p) => (
      <EvaluationDialog
        stars={[{ star: 5, desc: p, tags: [p] }]}
        onSubmit={async () => true}
        onClose={() => {}}
      />
    ),
  },
];

/** The text a reader sees in an element: its text without the kit's visually hidden additions. */
function shownText(element: Element | null | undefined): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.parley-visually-hidden')) hidden.remove();
  return copy.textContent ?? '';
}

/** Renders, forcing layout, and checks the time it took and that the page still answers. */
async function timedRender(name: string, ui: ReactNode) {
  const started = performance.now();
  const screen = await render(<WithStrings>{ui}</WithStrings>);
  void document.body.offsetHeight; // the layout counts too
  expect(performance.now() - started, `${name}: render time (ms)`).toBeLessThan(RENDER_BOUND_MS);
  expect(await mainThreadDelay(), `${name}: setTimeout(0) delay (ms)`).toBeLessThan(ANSWER_BOUND_MS);
  return screen;
}

beforeAll(async () => {
  installHostileTrap();
  console.info(
    `hostile corpus: ${HOSTILE_CORPUS.length} payloads x ${MESSAGE_SURFACES.length + FORM_SURFACES.length} surfaces (visitor page)`,
  );
  console.info(`hostile corpus by category: ${JSON.stringify(countByCategory())}`);
  // The markdown renderer is a chunk of its own: loaded once here, as the page loads it on the
  // first robot answer, so each render below draws markdown at once.
  const screen = await render(<LazyRichText content="**ready**" />);
  await vi.waitFor(
    () => {
      if (!screen.container.querySelector('strong')) throw new Error('markdown not drawn yet');
    },
    { timeout: 10_000, interval: 20 },
  );
  await screen.unmount();
});

// The trap's record is never cleared: a payload that fires late still fails a test.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(hostileHits()).toEqual([]);
});

// Every payload through many message kinds, the largest ones on a machine running the whole suite.
vi.setConfig({ testTimeout: 60_000 });

describe('the visitor page, given hostile messages', () => {
  it.each(HOSTILE_CORPUS)(
    '$category: $name, should run nothing, keep nothing dangerous and stay responsive',
    async ({ payload }) => {
      for (const surface of MESSAGE_SURFACES) {
        const screen = await timedRender(
          surface.name,
          <section data-surface={surface.name}>
            <PageMessages messages={[surface.message(payload)]} />
          </section>,
        );
        expect(findHostileTraces(screen.container, SAFE_URL)).toEqual([]);
        expect(
          screen.container.querySelector('[data-slot="message"]'),
          `${surface.name}: shown`,
        ).not.toBeNull();
        if (surface.text) {
          const shown = shownText(screen.container.querySelector(surface.text));
          expect(shown === (surface.shows?.(payload) ?? payload), `${surface.name}: shows the text`).toBe(
            true,
          );
        }
        if (surface.markdown?.(payload))
          expect(
            screen.container.querySelector('.parley-rich-text:not(.parley-rich-text--fallback)'),
            `${surface.name}: drawn as markdown`,
          ).not.toBeNull();
        await screen.unmount();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hostileHits(), 'trap calls so far').toEqual([]);
    },
  );
});

describe('the visitor page, given hostile form labels', () => {
  it.each(HOSTILE_CORPUS)(
    '$category: $name, should show the labels as text and keep nothing dangerous',
    async ({ payload }) => {
      for (const surface of FORM_SURFACES) {
        const screen = await timedRender(surface.name, surface.draw(payload));
        // Modal forms open in a <dialog> of their own: the whole page is inspected.
        const traces = findHostileTraces(document.body, SAFE_URL, { allowElements: ['form'] });
        expect(traces, surface.name).toEqual([]);
        // The page's own form, and only it: no form, action or submit target came from the labels.
        const forms = document.body.querySelectorAll('form');
        expect(forms.length, `${surface.name}: forms`).toBe(1);
        expect(forms[0]?.hasAttribute('action') || forms[0]?.hasAttribute('target')).toBe(false);
        const labels = [...document.body.querySelectorAll('label, legend')].map((label) => shownText(label));
        expect(
          labels.some((label) => label.includes(payload)),
          `${surface.name}: shows the label`,
        ).toBe(true);
        await screen.unmount();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hostileHits(), 'trap calls so far').toEqual([]);
    },
  );
});

// One page load per batch: a short conversation stays in normal flow (not virtualised), so every
// row is in the page to inspect, and each step renders quickly.
const BATCH = 40;
const batches = Array.from({ length: Math.ceil(HOSTILE_CORPUS.length / BATCH) }, (_, at) => ({
  first: at * BATCH,
  entries: HOSTILE_CORPUS.slice(at * BATCH, (at + 1) * BATCH),
}));

describe('the chat page with an agent, given hostile nicks, avatars, messages and files', () => {
  it.each(batches)(
    'payloads from $first: should show each through the engine and the page, run nothing and keep nothing dangerous',
    async ({ first, entries }) => {
      // The agent's card as the server sends it: the nick and avatar of the payload being shown.
      let card = { adminNick: 'Ann', avatar: '', adminWelcomeMode: 0, adminWelcomeMsg: '' };
      const server = new FakeServer()
        .reply('chatStart', { ...START, status: 2 })
        .reply('getAdminCard', () => card);
      server.chatStatus = 2;
      const session: ChatSession = createChatSession({
        transport: server,
        search: '?channelId=c1',
        referrer: '',
        storage: createMemoryStorage(),
        // Every engine delay shortened: a poll every few milliseconds.
        timers: {
          setTimeout: (callback: () => void, ms: number) => setTimeout(callback, Math.min(ms, 5)),
          clearTimeout: (handle: unknown) => clearTimeout(handle as number),
        },
        logger: { info() {}, warn() {}, error() {} },
      });
      try {
        const screen = await render(
          <WithStrings>
            <ChatScreen session={session} />
          </WithStrings>,
        );
        await expect.element(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
        const shows = (selector: string) => () => screen.container.querySelector(selector) !== null;
        for (const [at, { name, payload }] of entries.entries()) {
          const index = first + at;
          const agentMessage = {
            event_type: VisitorEvent.agentMessage,
            senderType: SenderType.agent,
            msgTime: index,
          };
          const steps = [
            {
              what: 'agent joined: nick and avatar',
              event: {
                msgId: `join-${index}`,
                event_type: VisitorEvent.agentJoined,
                adminNick: payload,
                msgTime: index,
              },
              shown: () =>
                screen.container.querySelector('.visitor-agent-card')?.textContent ===
                `You are talking to ${payload}`,
            },
            {
              what: 'agent text',
              event: {
                ...agentMessage,
                msgId: `text-${index}`,
                senderName: payload,
                msgType: MsgType.text,
                msgContent: payload,
              },
              shown: shows(`[data-message-id="text-${index}"]`),
            },
            {
              what: 'agent file',
              event: {
                ...agentMessage,
                msgId: `file-${index}`,
                senderName: payload,
                msgType: MsgType.file,
                msgContent: payload,
                fileName: payload,
                fileUrl: payload,
                fileSize: 1,
              },
              shown: shows(`[data-message-id="file-${index}"]`),
            },
          ];
          card = { ...card, adminNick: payload, avatar: payload };
          for (const step of steps) {
            const label = `${name}, ${step.what}`;
            const started = performance.now();
            server.queueEvents(step.event);
            await expect.poll(step.shown, { timeout: 10_000, interval: 10 }).toBe(true);
            void document.body.offsetHeight;
            expect(performance.now() - started, `${label}: shown within (ms)`).toBeLessThan(RENDER_BOUND_MS);
            expect(await mainThreadDelay(), `${label}: setTimeout(0) delay (ms)`).toBeLessThan(
              ANSWER_BOUND_MS,
            );
            expect(findHostileTraces(screen.container, SAFE_URL), label).toEqual([]);
            expect(hostileHits(), `${label}: trap calls so far`).toEqual([]);
          }
        }
        await screen.unmount();
      } finally {
        session.dispose();
      }
    },
    120_000,
  );
});

describe("the agent's avatar", () => {
  it.each(['https://cdn.example/ann.png', 'http://cdn.example/ann.png', '/avatars/ann.png', 'ann.png'])(
    'given %s, should show it',
    (url) => expect(agentAvatarUrl(url)).toBe(url),
  );
  it.each([
    'javascript:alert(1)',
    ' JaVa\tScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'http://[',
    '',
    undefined,
  ])('given %j, should show none', (url) => expect(agentAvatarUrl(url)).toBeUndefined());
});
