import * as ChatUI from '@chatui/core';
import '@chatui/core/dist/index.css';
import { useMemo } from 'react';
import { type BenchMessage, installBench } from './message-list.harness.js';

// The package's default export is its Chat; bundlers disagree on how a CommonJS default arrives.
type Module = { default?: unknown; Bubble: React.ComponentType<{ content: string }> };
const module = ChatUI as unknown as Module & { default?: Module & { default?: unknown } };
const Chat = (module.default?.default ?? module.default) as React.ComponentType<Record<string, unknown>>;
const Bubble = module.Bubble ?? (module.default as Module).Bubble;

type ChatUIMessage = {
  _id: string;
  type: string;
  content: { text: string };
  position: 'left' | 'right';
  createdAt: number;
  user?: { name: string };
};
const cache = new WeakMap<BenchMessage, ChatUIMessage>();
function ChatUIList({ messages }: { messages: BenchMessage[] }) {
  const models = useMemo(
    () =>
      messages.map((message) => {
        let model = cache.get(message);
        if (!model) {
          model = {
            _id: message._id,
            type: 'text',
            content: { text: message.text },
            createdAt: message.createdAt,
            position: message.right ? 'right' : 'left',
            user: message.right ? undefined : { name: 'Camille Martin' },
          };
          cache.set(message, model);
        }
        return model;
      }),
    [messages],
  );
  return (
    <div style={{ blockSize: '100vh' }}>
      <Chat
        messages={models}
        renderMessageContent={(message: ChatUIMessage) => <Bubble content={message.content.text} />}
        onSend={() => {}}
      />
    </div>
  );
}

installBench(ChatUIList);
