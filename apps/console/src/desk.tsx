import {
  type AgentDesk,
  type AlertOutlets,
  createAgentDesk,
  type DeskSnapshot,
  defaultStorage,
} from '@parley/agent-core';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { transport } from './api.js';

// The console's engine: one desk per logged-in agent, from @parley/agent-core. Components read
// slices of its snapshot and call its commands; nothing here reaches the network itself.

/** A desk over the console's transport and the browser's storage and visibility. */
export function createConsoleDesk(alerts: AlertOutlets): AgentDesk {
  return createAgentDesk({ transport, storage: defaultStorage(), alerts });
}

const DeskContext = createContext<AgentDesk | null>(null);

export function DeskProvider({ desk, children }: { desk: AgentDesk; children: ReactNode }) {
  return <DeskContext.Provider value={desk}>{children}</DeskContext.Provider>;
}

export function useDesk(): AgentDesk {
  const desk = useContext(DeskContext);
  if (!desk) throw new Error('useDesk needs a DeskProvider');
  return desk;
}

/**
 * A slice of the desk's snapshot: the component renders again only when that slice changes (the
 * snapshot keeps unchanged parts as they were). `select` must return a part of the snapshot, or a
 * primitive, not a new object.
 *
 * @example
 * const queue = useDeskState((snapshot) => snapshot.queue);
 */
export function useDeskState<T>(select: (snapshot: DeskSnapshot) => T): T {
  const desk = useDesk();
  return useSyncExternalStore(desk.subscribe, () => select(desk.getSnapshot()));
}
