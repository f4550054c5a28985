// Bench entry: one conversation rendered by Parley's MessageList or by @chatui/core's Chat,
// driven by window.bench from message-list.bench.mjs.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

export interface BenchMessage {
  _id: string;
  text: string;
  createdAt: number;
  right: boolean;
}

const lines = [
  'Hello! How can we help you today?',
  'My order #1042 has not arrived yet.',
  'It left our warehouse on Monday; the carrier usually takes two days. Can I help with anything else?',
  'Can I change the delivery address?',
];
let serial = 0;
export function makeMessages(count: number, from = Date.UTC(2026, 2, 18)): BenchMessage[] {
  return Array.from({ length: count }, (_, index) => {
    serial += 1;
    return {
      _id: `b${serial}`,
      text: `${lines[serial % lines.length]} (${serial})`,
      createdAt: from + index * 61_000,
      right: serial % 2 === 0,
    };
  });
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function installBench(List: (props: { messages: BenchMessage[] }) => React.ReactNode) {
  let set: (update: (list: BenchMessage[]) => BenchMessage[]) => void = () => {};
  function App({ initial }: { initial: BenchMessage[] }) {
    const [messages, setMessages] = useState(initial);
    set = setMessages;
    return <List messages={messages} />;
  }
  const host = document.getElementById('root') as HTMLElement;
  let root: ReturnType<typeof createRoot> | null = null;
  // Each step: a synchronous render and commit, then a forced layout: what the reader waits for.
  const timed = (work: () => void) => {
    const start = performance.now();
    flushSync(work);
    void host.getBoundingClientRect().height;
    void document.body.offsetHeight;
    return performance.now() - start;
  };
  (window as unknown as { bench: unknown }).bench = {
    async mount(count: number) {
      root?.unmount();
      host.textContent = '';
      await frame();
      const initial = makeMessages(count);
      root = createRoot(host);
      const ms = timed(() => root?.render(<App initial={initial} />));
      await frame();
      await frame();
      return ms;
    },
    async prepend(count: number) {
      const history = makeMessages(count, Date.UTC(2026, 0, 1));
      const ms = timed(() => set((list) => [...history, ...list]));
      await frame();
      return ms;
    },
    /**
     * Appends up to `count` messages one by one and returns the time of each. A library slower than
     * `budgetMs` in all stops early (a slow peer at 50 000 messages would take minutes).
     */
    async appendOneByOne(count: number, budgetMs = Number.POSITIVE_INFINITY) {
      const times: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const [next] = makeMessages(1, Date.UTC(2026, 5, 1) + index * 1000);
        if (next) times.push(timed(() => set((list) => [...list, next])));
        await frame();
        if (times.reduce((sum, ms) => sum + ms, 0) > budgetMs) break;
      }
      return times;
    },
  };
}
