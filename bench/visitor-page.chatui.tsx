import * as ChatUI from '@chatui/core';
import '@chatui/core/dist/index.css';
import { createRoot } from 'react-dom/client';

// The peer page: @chatui/core 3.8's whole Chat screen with the conversation the robot channel of
// the demo seed opens with (welcome, two tips, one question and its answer), and its composer.
type Module = { default?: unknown; Bubble: React.ComponentType<{ content: string }> };
const module = ChatUI as unknown as Module & { default?: Module & { default?: unknown } };
const Chat = (module.default?.default ?? module.default) as React.ComponentType<Record<string, unknown>>;
const Bubble = module.Bubble ?? (module.default as Module).Bubble;

const now = Date.now();
const robot = { name: 'Parley bot' };
const messages = [
  'Hi! I am the Parley bot. How can I help?',
  'Shipping: free shipping from 50 EUR',
  'Returns: 30 days to return any item',
].map((text, index) => ({
  _id: `m${index}`,
  type: 'text',
  content: { text },
  position: 'left',
  user: robot,
  createdAt: now,
}));
messages.push(
  {
    _id: 'q',
    type: 'text',
    content: { text: 'How much is shipping?' },
    position: 'right',
    user: robot,
    createdAt: now,
  },
  {
    _id: 'a',
    type: 'text',
    content: { text: 'Shipping is free from 50 EUR; below that it costs 4.90 EUR.' },
    position: 'left',
    user: robot,
    createdAt: now,
  },
);

function Page() {
  return (
    <div style={{ height: '100dvh' }}>
      <Chat
        navbar={{ title: 'Robot first' }}
        messages={messages}
        renderMessageContent={(message: { content: { text: string } }) => (
          <Bubble content={message.content.text} />
        )}
        onSend={() => {}}
        placeholder="Type a message…"
      />
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Page />);
