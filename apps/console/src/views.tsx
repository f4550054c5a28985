import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { createContext, lazy, Suspense, useContext, useEffect, useId, useState } from 'react';
import { AgentHome } from './AgentHome.js';
import type { Agent } from './api.js';
import { ChatPane } from './ChatPane.js';
import { useDeskState } from './desk.js';
import { useT } from './i18n/I18nProvider.js';
import { Mentions } from './Mentions.js';
import { displayName } from './names.js';
import { keepInbox, SETTINGS_PAGES, type SettingsPage, useGo } from './navigation.js';
import { VisitorPanel } from './VisitorPanel.js';

// The views the console's URLs name (router.tsx), each in the workspace's main area: the agent's
// home, a conversation with its visitor, the mentions, the reports, the settings.

/** The reports and their chart library load when first opened, not with the console. */
const Reports = lazy(() => import('./Reports.js'));
/** The administrators' area, likewise. */
const Admin = lazy(() => import('./Admin.js'));

/** What the workspace lends its views: the agent, and the transfer dialog it holds. */
export interface WorkspaceContext {
  agent: Agent;
  transfer(sessionId: string): void;
}

const Workspace = createContext<WorkspaceContext | null>(null);
export const WorkspaceProvider = Workspace.Provider;

function useWorkspace(): WorkspaceContext {
  const workspace = useContext(Workspace);
  if (!workspace) throw new Error('a view needs the workspace');
  return workspace;
}

export function HomeView() {
  return <AgentHome />;
}

/**
 * A conversation by its URL: the agent's own chat as it goes on, or any other within their reach,
 * read only; with the visitor beside it. While its messages load, the home stays.
 */
export function ConversationView() {
  const { agent, transfer } = useWorkspace();
  const { sessionId } = useParams({ from: '/conversations/$sessionId' });
  const { message } = useSearch({ from: '/conversations/$sessionId' });
  const chats = useDeskState((snapshot) => snapshot.chats);
  const record = useDeskState((snapshot) => snapshot.records[sessionId]);
  const detail = useDeskState((snapshot) => snapshot.inbox.details[sessionId]);
  const current = chats.find((chat) => chat.sessionId === sessionId);
  const t = useT();
  const panelId = useId();
  // On a phone the visitor's details take the conversation's place while open.
  const [visitorOpen, setVisitorOpen] = useState(false);
  if (!record) return <AgentHome />;
  return (
    <>
      <nav className="console-phonebar" aria-label={t('workspace.conversationBar')}>
        <Link className="console-button" to="/" search={keepInbox}>
          <span aria-hidden="true" className="console-back-arrow">
            ←
          </span>{' '}
          {t('inbox.title')}
        </Link>
        <button
          className="console-button console-toggle"
          type="button"
          aria-expanded={visitorOpen}
          aria-controls={panelId}
          onClick={() => setVisitorOpen(!visitorOpen)}
        >
          {t('visitor.title')}
        </button>
      </nav>
      <ChatPane
        key={`chat-${sessionId}`}
        agentId={agent.id}
        agentNick={agent.nick}
        sessionId={sessionId}
        chat={current}
        conversation={record}
        detail={detail}
        hitMessageId={message ?? null}
        onTransfer={() => transfer(sessionId)}
      />
      <VisitorPanel
        key={sessionId}
        id={panelId}
        open={visitorOpen}
        sessionId={sessionId}
        chat={current}
        visitorName={current ? displayName(current) : detail ? displayName(detail.conversation) : undefined}
      />
    </>
  );
}

export function MentionsView() {
  const go = useGo();
  return <Mentions onOpen={(sessionId) => go.conversation(sessionId)} onClose={go.home} />;
}

/** The reports, the team leads' (administrators'): the server refuses them to others. */
export function ReportsView() {
  const { agent } = useWorkspace();
  const go = useGo();
  const period = useSearch({ from: '/reports' });
  if (agent.role !== 'admin') return <NotFoundView />;
  return (
    <Suspense fallback={null}>
      <Reports period={period} onPeriod={go.reports} onClose={go.home} />
    </Suspense>
  );
}

/** The administrators' settings, a page each; `/settings` is its first page. */
export function SettingsView() {
  const { agent } = useWorkspace();
  const go = useGo();
  const navigate = useNavigate();
  const { page } = useParams({ strict: false });
  const known = SETTINGS_PAGES.find((one) => one === page);
  useEffect(() => {
    if (page === undefined)
      void navigate({ to: '/settings/$page', params: { page: 'agents' }, replace: true });
  }, [page, navigate]);
  // A role taken away while the area is open closes it.
  if (agent.role !== 'admin' || (page !== undefined && !known)) return <NotFoundView />;
  if (!known) return null;
  return (
    <Suspense fallback={null}>
      <Admin page={known} onPage={(next: SettingsPage) => go.settings(next)} onClose={go.home} />
    </Suspense>
  );
}

/** A URL the console has no view for (or one the agent may not see). */
export function NotFoundView() {
  const t = useT();
  return (
    <section className="console-home" aria-labelledby="console-not-found">
      <h2 id="console-not-found">{t('workspace.notFound')}</h2>
      <p>
        <Link to="/" search={{}}>
          {t('workspace.toInbox')}
        </Link>
      </p>
    </section>
  );
}
