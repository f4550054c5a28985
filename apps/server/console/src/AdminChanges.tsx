import type { AdminChangeKind } from '@parley/chat-protocol';
import { useEffect, useId, useState } from 'react';
import { type AdminAgent, type AdminChange, adminApi } from './adminCalls.js';
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
};

/** The latest changes to agents and channels: when, by whom (or the command line), what and which fields. */
export function AdminChanges({ agents }: { agents: readonly AdminAgent[] }) {
  const { t, formatDateTime } = useI18n();
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
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.changes')}</h3>
      {changes?.length === 0 ? <p className="console-empty">{t('admin.noChanges')}</p> : null}
      {changes && changes.length > 0 ? (
        <div className="console-report__table console-admin__table">
          <table aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('admin.when')}</th>
                <th scope="col">{t('admin.who')}</th>
                <th scope="col">{t('admin.what')}</th>
                <th scope="col">{t('admin.fields')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id}>
                  <th scope="row">{formatDateTime(change.time)}</th>
                  <td>{change.by ? <bdi>{change.by.nick}</bdi> : t('admin.commandLine')}</td>
                  <td>
                    {t(KINDS[change.kind])}: <bdi>{targetName(change)}</bdi>
                  </td>
                  <td>
                    <bdi>{Object.keys(change.changes).join(', ')}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
