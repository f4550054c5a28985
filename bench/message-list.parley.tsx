import type { MessageInput } from '../packages/chat-ui/src/Message/model.js';
import {
  MessageList,
  preloadMessageListVirtualizer,
} from '../packages/chat-ui/src/MessageList/MessageList.js';
import '../packages/chat-ui/src/styles.css';
import { useMemo } from 'react';
import { type BenchMessage, installBench } from './message-list.harness.js';

const cache = new WeakMap<BenchMessage, MessageInput>();
function ParleyList({ messages }: { messages: BenchMessage[] }) {
  const models = useMemo(
    () =>
      messages.map((message) => {
        let model = cache.get(message);
        if (!model) {
          model = {
            _id: message._id,
            content: message.text,
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
    <div style={{ blockSize: '100vh', display: 'flex' }}>
      <MessageList messages={models} />
    </div>
  );
}

// Lists past 150 messages use a virtualiser that downloads on first need; the timings are of a
// page that already has it (a returning visitor, or an app that preloads it).
void preloadMessageListVirtualizer().then(() => installBench(ParleyList));
