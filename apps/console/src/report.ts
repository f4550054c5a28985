import type { ChatRecordView } from '@parley/agent-core';
import { toast } from '@parley/chat-ui/Toast';
import { useCallback } from 'react';
import { useT } from './i18n/I18nProvider.js';

/** Shows a failed call to the agent as a toast, in the console's language. */
export function useReport(): (error: unknown) => void {
  const t = useT();
  return useCallback(
    (error: unknown) =>
      toast.error(t('errors.failed', { message: error instanceof Error ? error.message : String(error) })),
    [t],
  );
}

/** One chat's messages as the desk holds them (with the agent's replies on their way). */
export type Conversation = ChatRecordView;
