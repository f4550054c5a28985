import type { DeskSnapshot } from './types.js';

/**
 * Whether the agent has as many open chats as their capacity: joining another by hand takes them
 * past it, which the server refuses unless the join says so (`beyondCapacity`). A console asks the
 * agent first.
 *
 * @example
 * if (atCapacity(desk.getSnapshot()) && !confirm('Join anyway?')) return;
 */
export function atCapacity(snapshot: Pick<DeskSnapshot, 'agent' | 'chats'>): boolean {
  return snapshot.agent !== null && snapshot.chats.length >= snapshot.agent.capacity;
}
