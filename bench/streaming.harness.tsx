// Bench entry helper: one streamed answer rendered by a Markdown component, fed token by token,
// driven by window.bench from streaming.bench.mjs.
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

export type AnswerView = (props: { content: string; streaming: boolean }) => ReactNode;

/** A macrotask without setTimeout's 4 ms clamp: the page paints and runs effects between tokens. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export function installStreamingBench(View: AnswerView) {
  let set: (state: { content: string; streaming: boolean }) => void = () => {};
  function App() {
    const [state, setState] = useState({ content: '', streaming: true });
    set = setState;
    return (
      <div style={{ blockSize: '100vh', overflow: 'auto', padding: 12, boxSizing: 'border-box' }}>
        <View content={state.content} streaming={state.streaming} />
      </div>
    );
  }
  const host = document.getElementById('root') as HTMLElement;
  let root: ReturnType<typeof createRoot> | null = null;
  // Each token: a synchronous render and commit, then a forced layout: what the reader waits for.
  const timed = (work: () => void) => {
    const start = performance.now();
    flushSync(work);
    void host.getBoundingClientRect().height;
    void document.body.offsetHeight;
    return performance.now() - start;
  };
  (window as unknown as { bench: unknown }).bench = {
    /** Streams `tokens` into a fresh answer; returns each token's cost and the final render's. */
    async stream(tokens: string[]) {
      root?.unmount();
      host.textContent = '';
      root = createRoot(host);
      flushSync(() => root?.render(<App />));
      await frame();
      const times: number[] = [];
      let content = '';
      for (const token of tokens) {
        content += token;
        const text = content;
        times.push(timed(() => set({ content: text, streaming: true })));
        await nextTask();
      }
      const final = timed(() => set({ content, streaming: false }));
      await frame();
      return { times, final, elements: host.getElementsByTagName('*').length };
    },
  };
}
