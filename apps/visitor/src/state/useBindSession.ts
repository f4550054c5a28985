import type { ChatSession } from '@parley/chat-core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLayoutEffect } from 'react';
import { sessionAtom, snapshotAtom } from './chatAtoms.js';

/** Puts the engine in its atom and mirrors its snapshot while the page is mounted. */
export function useBindSession(session: ChatSession): void {
  const setSession = useSetAtom(sessionAtom);
  const setSnapshot = useSetAtom(snapshotAtom);
  useLayoutEffect(() => {
    setSession(session);
    setSnapshot(session.getSnapshot());
    return session.subscribe(() => setSnapshot(session.getSnapshot()));
  }, [session, setSession, setSnapshot]);
}

/** The page's engine, for its commands; only below a component that called `useBindSession`. */
export function useSession(): ChatSession {
  const session = useAtomValue(sessionAtom);
  if (!session) throw new Error('the chat page needs a session (useBindSession)');
  return session;
}
