import type { MessageInput } from '../packages/chat-ui/src/Message/model.js';
import {
  MessageList,
  preloadMessageListVirtualizer,
} from '../packages/chat-ui/src/MessageList/MessageList.js';
import { useMessageInputs } from '../packages/chat-ui/src/MessageList/useMessageInputs.js';
import '../packages/chat-ui/src/styles.css';
import { useMemo } from 'react';
import { type BenchMessage, installBench } from './message-list.harness.js';

// Two ways a product hands its conversation to the list: keeping one kit model per message across
// changes (the kit's useMessageInputs, as the visitor app does), or mapping every message to a new object on each
// change and leaving the list to notice what is the same (`window.benchVariant = 'fresh'`).
const fresh = (window as unknown as { benchVariant?: string }).benchVariant === 'fresh';
const toInput = (message: BenchMessage): MessageInput => ({
  _id: message._id,
  content: message.text,
  createdAt: message.createdAt,
  position: message.right ? 'right' : 'left',
  user: message.right ? undefined : { name: 'Camille Martin' },
});
function List({ inputs }: { inputs: MessageInput[] }) {
  return (
    <div style={{ blockSize: '100vh', display: 'flex' }}>
      <MessageList messages={inputs} />
    </div>
  );
}
function KeptList({ messages }: { messages: BenchMessage[] }) {
  return <List inputs={useMessageInputs(messages, toInput)} />;
}
function FreshList({ messages }: { messages: BenchMessage[] }) {
  return <List inputs={useMemo(() => messages.map(toInput), [messages])} />;
}

// Lists past 150 messages use a virtualiser that downloads on first need; the timings are of a
// page that already has it (a returning visitor, or an app that preloads it).
void preloadMessageListVirtualizer().then(() => installBench(fresh ? FreshList : KeptList));
