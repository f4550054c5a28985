import { toast } from '@parley/chat-ui/Toast';
import type { Rating, WireMessage } from './api.js';
import { strings } from './strings.js';

/** Shows a failed call to the agent as a toast. */
export const report = (error: unknown) =>
  toast.error(strings.failed(error instanceof Error ? error.message : String(error)));

/** One chat's messages as the console holds them. */
export interface Conversation {
  messages: WireMessage[];
  rating: Rating | null;
  closed: boolean;
}
