import type { AdminChangeKind } from '@parley/chat-protocol';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type AdminAgent, type AdminChange, adminApi, type WebhookChange } from './adminCalls.js';
import { type DataColumn, DataTable } from './DataTable.js';
import { useI18n } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';
import { useReport } from './report.js';

const KINDS: Record<AdminChangeKind, MessageKey> = {
  agentAdded: 'admin.kindAgentAdded',
  agentChanged: 'admin.kindAgentChanged',
  agentDisabled: 'admin.kindAgentDisabled',
  agentEnabled: 'admin.kindAgentEnabled',
  agentPassword: 'admin.kindAgentPassword',
  channelAdded: 'admin.kindChannelAdded',
  channelChanged: 'admin.kindChannelChanged',
  tokenAdded: 'admin.kindTokenAdded',
  tokenRevoked: 'admin.kindTokenRevoked',
};

/**
 * The columns of a record of changes: when, by whom (or the command line), what (as `what` says
 * it) and which fields. The administration's changes and a webhook endpoint's share them.
 */
export function useChangeColumns<Change extends AdminChange | WebhookChange>(
  what: (change: Change) => ReactNode,
): DataColumn<Change>[] {
  const { t, formatDateTime } = useI18n();
  return [
    { key: 'when', header: t('admin.when'), rowHeader: true, cell: (change) => formatDateTime(change.time) },
    {
      key: 'who',
      header: t('admin.who'),
      cell: (change) => (change.by ? <bdi>{change.by.nick}</bdi> : t('admin.commandLine')),
    },
    { key: 'what', header: t('admin.what'), cell: what },
    {
      key: 'fields',
      header: t('admin.fields'),
      cell: (change) => <bdi>{Object.keys(change.changes).join(', ')}</bdi>,
    },
  ];
}

/**
 * The latest changes to agents and channels: when, by whom (or the command line), what and which
 * fields. A webhook endpoint's changes are listed with the endpoint (WebhookChanges.tsx).
 */
export function AdminChanges({ agents }: { agents: readonly AdminAgent[] }) {
  const { t } = useI18n();
  const report = useReport();
  const headingId = useId();
  const [changes, setChanges] = useState<AdminChange[] | null>(null);
  useEffect(() => {
    adminApi.changes().then(setChanges, report);
  }, [report]);
  // An agent's change names them by username; a channel's by its id.
  const targetName = (change: AdminChange) =>
    change.kind.startsWith('agent')
      ? (agents.find((agent) => agent.id === change.target)?.username ?? change.target)
      : change.target;
  const columns = useChangeColumns<AdminChange>((change) => (
    <>
      {t(KINDS[change.kind])}: <bdi>{targetName(change)}</bdi>
    </>
  ));
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.changes')}</h3>
      {changes?.length === 0 ? <p className="console-empty">{t('admin.noChanges')}</p> : null}
      {changes && changes.length > 0 ? (
        <DataTable
          className="console-admin__table"
          labelledBy={headingId}
          rows={changes}
          rowKey={(change) => change.id}
          columns={columns}
        />
      ) : null}
    </section>
  );
}
