import { Toaster } from '@parley/chat-ui/Toast';
import { useEffect, useState } from 'react';
import { type Agent, api } from './api.js';
import { Login } from './Login.js';
import { Workspace } from './Workspace.js';

/** The agent console: the login, then the workspace (queue, chats, left messages). */
export function App() {
  const [agent, setAgent] = useState<Agent | null | undefined>(undefined);

  useEffect(() => {
    // Asked without a 401 before the login, so a clean load logs no error.
    api.session().then(
      (session) => setAgent(session.agent),
      () => setAgent(null),
    );
  }, []);

  return (
    <div className="console">
      <Toaster />
      {agent === undefined ? null : agent === null ? (
        <Login onLogin={setAgent} />
      ) : (
        <Workspace agent={agent} onAgent={setAgent} />
      )}
    </div>
  );
}
