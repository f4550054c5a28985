import type { ChatSession } from '@parley/chat-core';
import { useSetAtom } from 'jotai';
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
