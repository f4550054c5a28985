import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { MessageInput, MessageModel } from '../Message/model.js';
import { RichText } from '../RichText/RichText.js';
import { MessageList } from './MessageList.js';

const t0 = new Date(2026, 2, 18, 10, 0, 0).getTime();
const earlier = Array.from({ length: 20 }, (_, i) => ({
  _id: `m${i}`,
  content: `Message number ${i}`,
  createdAt: t0 + i * 1000,
}));
const answer = `# Returns\n\n${'You can return an item within **30 days** of delivery. '.repeat(6)}\n\n${Array.from(
  { length: 8 },
  (_, i) => `${i + 1}. Step ${i + 1}, see [the policy](https://example.com/returns)`,
).join('\n')}\n\nAnything else?`;

const streamed = (content: string, streaming: boolean): MessageInput => ({
  _id: 'answer',
  type: 'custom',
  content,
  streaming,
  createdAt: t0 + 60_000,
  user: { name: 'Parley' },
});

let setMessages: (update: (list: MessageInput[]) => MessageInput[]) => void = () => {};
function Harness({ initial }: { initial: MessageInput[] }) {
  const [messages, set] = useState(initial);
  setMessages = set;
  return (
    <div style={{ blockSize: 300, inlineSize: 400, display: 'flex' }}>
      <MessageList
        messages={messages}
        renderContent={(message: MessageModel) =>
          message.type === 'custom' ? (
            <RichText content={String(message.content)} streaming={message.streaming} />
          ) : undefined
        }
        getAnnouncement={(message) =>
          `Message from ${message.user?.name ?? 'us'}: ${String(message.content)}`
        }
      />
    </div>
  );
}

const scroller = () => document.querySelector('[data-slot="message-list-scroller"]') as HTMLDivElement;
const distanceFromBottom = () => {
  const element = scroller();
  return element.scrollHeight - element.clientHeight - element.scrollTop;
};
const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/** Streams the answer into the list a few characters at a time, a frame apart. */
async function streamAnswer(onToken?: () => void) {
  await act(async () => setMessages((list) => [...list, streamed('', true)]));
  for (let end = 12; end < answer.length + 12; end += 12) {
    await act(async () =>
      setMessages((list) => [...list.slice(0, -1), streamed(answer.slice(0, end), true)]),
    );
    await frame();
    onToken?.();
  }
  await act(async () => setMessages((list) => [...list.slice(0, -1), streamed(answer, false)]));
  await frame();
}

describe('MessageList, given a streamed answer', () => {
  it('given the reader at the bottom, should keep the bottom in view at every token', async () => {
    await render(<Harness initial={earlier} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    const distances: number[] = [];
    await streamAnswer(() => distances.push(distanceFromBottom()));
    expect(Math.max(...distances)).toBeLessThanOrEqual(1);
    expect(scroller().scrollHeight).toBeGreaterThan(600);
  });

  it('given the reader scrolled up, should not move them while the answer grows', async () => {
    await render(<Harness initial={earlier} />);
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(1);
    scroller().scrollTop = 100;
    await frame();
    const tops: number[] = [];
    await streamAnswer(() => tops.push(scroller().scrollTop));
    expect(new Set(tops)).toEqual(new Set([100]));
    expect(distanceFromBottom()).toBeGreaterThan(300);
  });

  it('should announce the answer once, whole, when it completes, with the row busy until then', async () => {
    await render(<Harness initial={earlier} />);
    const live = document.querySelector('[data-slot="message-list"] [aria-live="polite"]') as HTMLElement;
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(live.textContent ?? ''));
    observer.observe(live, { childList: true, subtree: true, characterData: true });
    const busy: boolean[] = [];
    await streamAnswer(() => {
      const row = document.querySelector('[data-message-id="answer"]');
      busy.push(
        row?.getAttribute('aria-busy') === 'true' && row.querySelector('[aria-busy="true"]') !== null,
      );
    });
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    observer.disconnect();
    expect(heard.filter(Boolean)).toEqual([`Message from Parley: ${answer}`]);
    expect(busy.every(Boolean)).toBe(true);
    expect(document.querySelector('[data-message-id="answer"] [aria-busy]')).toBeNull();
  });
});
