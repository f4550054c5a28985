import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createEmbed, type EmbedOptions } from './createEmbed.js';
import type { ChatToParent } from './protocol.js';

/**
 * A chat server under a reserved name that never resolves: nothing of the chat app loads here.
 * Until the launcher is opened there is no frame at all.
 */
const CHAT_URL = 'https://chat.example.invalid/chat/index';
const CHAT_ORIGIN = new URL(CHAT_URL).origin;

type LauncherProps = Pick<EmbedOptions, 'greeting' | 'greetingDelay' | 'position'>;

/** The loader as a host page runs it, added to this story's frame instead of the page's body. */
function Launcher({ greeting, greetingDelay, position }: LauncherProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const embed = createEmbed({
      chatUrl: CHAT_URL,
      params: { channelid: 'shop' },
      container: container.current,
      greeting,
      greetingDelay,
      position,
      // The notice for a chat that never starts, from this bundle rather than from the chat server.
      loadRefusal: () => import('./refusal.js'),
    });
    return () => embed.destroy();
  }, [greeting, greetingDelay, position]);
  return <div ref={container} />;
}

/** The launcher is `position: fixed`; a transformed box keeps it, and its preview, inside the story. */
const HostPage: Decorator = (Story) => (
  <div style={{ position: 'relative', blockSize: 300, transform: 'translateZ(0)' }}>
    <Story />
  </div>
);

/** The loader's own elements live in a shadow root, out of reach of queries on the story's canvas. */
function loader(canvasElement: HTMLElement) {
  const root = canvasElement.querySelector('[data-parley-embed]')?.shadowRoot;
  if (!root) throw new Error('no launcher in the story');
  return { root, screen: within(root as unknown as HTMLElement) };
}

/** Waits for the launcher's fade-ins to end, so axe reads the colours a visitor finally sees. */
async function faded(root: ShadowRoot) {
  await Promise.all(root.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
}

/** What the browser hands the loader when the chat page in its frame posts to the parent page. */
function postFromChat(frame: HTMLIFrameElement, data: ChatToParent) {
  window.dispatchEvent(
    new MessageEvent('message', { data, origin: CHAT_ORIGIN, source: frame.contentWindow }),
  );
}

const agentMessage = (id: string, text: string, time: number): ChatToParent => ({
  source: 'parley',
  type: 'message',
  message: { id, text, senderName: 'Camille', time },
});

/**
 * The chat launcher that `embed.js` adds to a host site, in its own shadow root: a button in a
 * corner, a badge counting agent messages that arrived while the chat was closed, and beside it
 * a preview of the latest one, or a greeting. The chat itself loads in a frame on first open.
 */
const meta = {
  title: 'Embed/Launcher',
  component: Launcher,
  decorators: [HostPage],
  argTypes: {
    position: { control: 'inline-radio', options: ['right', 'left'] },
  },
} satisfies Meta<typeof Launcher>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The site's greeting (`data-greeting`), here shown at once rather than after the usual delay. */
export const Greeting: Story = {
  args: { greeting: 'Need help choosing a size? We are online until 6 pm.', greetingDelay: 0 },
  play: async ({ canvasElement }) => {
    const { root, screen } = loader(canvasElement);
    const preview = await screen.findByRole('button', {
      name: 'Need help choosing a size? We are online until 6 pm.',
    });
    // The preview fades in.
    await waitFor(() => expect(preview).toBeVisible());
    await faded(root);
    await expect(screen.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Open chat' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/**
 * The visitor opened the chat, closed it again, and the agent answered twice: the badge counts
 * both, the preview shows the latest. An agent message reaches the loader only from the chat
 * page in its frame, which exists once the chat was opened.
 */
export const MessagePreview: Story = {
  play: async ({ canvasElement }) => {
    const { root, screen } = loader(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close chat' }));
    const frame = root.querySelector('iframe');
    if (!frame) throw new Error('the chat frame was not created');
    postFromChat(
      frame,
      agentMessage('m1', 'Thanks for waiting! Let me check your order.', 1_773_838_800_000),
    );
    postFromChat(
      frame,
      agentMessage('m2', 'Your parcel left our warehouse this morning.', 1_773_838_860_000),
    );

    const launcher = screen.getByRole('button', { name: 'Open chat, 2' });
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expect(within(launcher).getByText('2')).toBeVisible();
    const preview = screen.getByRole('button', {
      name: 'Camille: Your parcel left our warehouse this morning.',
    });
    await waitFor(() => expect(preview).toBeVisible());
    await faded(root);
    await expect(screen.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** The launcher in the bottom left corner (`data-position="left"`), its preview on the same side. */
export const LeftSide: Story = {
  args: { ...Greeting.args, position: 'left' },
  play: async ({ canvasElement }) => {
    const { root, screen } = loader(canvasElement);
    const preview = await screen.findByRole('button', {
      name: 'Need help choosing a size? We are online until 6 pm.',
    });
    await faded(root);
    const launcher = screen.getByRole('button', { name: 'Open chat' });
    // The preview's bubble lines up with the launcher's left edge.
    const bubble = preview.parentElement as HTMLElement;
    await expect(bubble.getBoundingClientRect().left).toBe(launcher.getBoundingClientRect().left);
  },
};
