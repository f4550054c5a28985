import { MsgType, SenderType, SYSTEM_MESSAGE_FLAGS } from '@parley/chat-protocol';
import type { Conversation, Core } from './context.js';
import { systemMessage } from './messages.js';
import type { EngineText } from './types.js';

/** Queue tick when idle (spec section 9). */
export const SYSTEM_QUEUE_IDLE = 1000;
/** Queue tick right after a send. */
export const SYSTEM_QUEUE_BUSY = 10;

/**
 * System messages for the conversation record (agent welcome, timeouts, "rated"). Each shows at
 * once and is sent to the server through a queue, one per tick; an item leaves the queue even if
 * its send fails (spec: failures are silently ignored, the visitor already sees the message).
 */
/** Shows a system message and queues it for the server; blank content is ignored. */
export type EnqueueSystemMessage = (content: string, senderName?: string, text?: EngineText) => void;

export function createSystemQueue(
  engine: Pick<Core, 'get' | 'set' | 'after' | 'attempt' | 'stamp'> & Pick<Conversation, 'append'>,
) {
  const tick = async () => {
    const [item, ...rest] = engine.get().sysMsgsQueue;
    if (!item) return void engine.after(SYSTEM_QUEUE_IDLE, tick);
    engine.set({ sysMsgsQueue: rest });
    await engine.attempt('sysMsg', {
      msgContent: item.msgContent,
      msgType: MsgType.notice,
      senderType: SenderType.system,
      senderName: item.senderName,
      ...SYSTEM_MESSAGE_FLAGS,
      userId: engine.get().userId,
    });
    engine.after(SYSTEM_QUEUE_BUSY, tick);
  };
  const enqueue: EnqueueSystemMessage = (content, senderName = '', text) => {
    if (!content.trim()) return;
    const time = engine.stamp();
    const id = `sys-${time}`;
    engine.append({ ...systemMessage(id, time, text ?? content), senderName });
    engine.set((state) => ({
      sysMsgsQueue: [...state.sysMsgsQueue, { id, msgContent: content, senderName }],
    }));
  };
  let running = false;
  return {
    /** Starts the one loop; a new chat started later reuses it (never a second loop). */
    start() {
      if (running) return;
      running = true;
      engine.after(SYSTEM_QUEUE_IDLE, tick);
    },
    enqueue,
  };
}
