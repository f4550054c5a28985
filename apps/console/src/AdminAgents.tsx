import { Confirm } from '@parley/chat-ui/Confirm';
import { toast } from '@parley/chat-ui/Toast';
import { useId, useState } from 'react';
import { AgentDialog, lastAdministrator } from './AgentDialog.js';
import { type AdminAgent, type AdminChannel, adminApi } from './adminCalls.js';
import { ConsoleModal } from './ConsoleModal.js';
import { type DataColumn, DataTable } from './DataTable.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';
import { useReport } from './report.js';

/** How an agent is now: disabled, or online (away or not), or offline. */
const statusKey = (agent: AdminAgent): MessageKey =>
  agent.disabled
    ? 'admin.disabled'
    : agent.online
      ? agent.away
        ? 'admin.away'
        : 'admin.online'
      : 'admin.offline';

/**
 * Every agent with their role, channels, departments, capacity and state; adding one (with a
 * password made up and shown once, or one typed in), editing, disabling (they are signed out at
 * once) and enabling, and resetting a password.
 */
export function AdminAgents({
  agents,
  channels,
  onChanged,
}: {
  agents: AdminAgent[];
  channels: AdminChannel[];
  onChanged: () => Promise<unknown>;
}) {
  const t = useT();
  const report = useReport();
  const headingId = useId();
  /** The agent being edited; null: a new one. */
  const [editing, setEditing] = useState<AdminAgent | null | undefined>(undefined);
  const [disabling, setDisabling] = useState<AdminAgent | null>(null);
  const [resetting, setResetting] = useState<AdminAgent | null>(null);
  const [shown, setShown] = useState<{ name: string; password: string } | null>(null);

  const departments = (agent: AdminAgent) => {
    if (agent.groups.length === 0) return t('admin.everyDepartment');
    const names = new Map(channels.flatMap((channel) => channel.groups.map((g) => [g.groupId, g.groupName])));
    return agent.groups.map((group) => names.get(group) ?? group).join(', ');
  };

  const disable = async (agent: AdminAgent) => {
    try {
      await adminApi.disableAgent(agent.id);
      toast.success(t('admin.saved', { name: agent.nick }));
    } catch (error) {
      report(error);
    }
    await onChanged();
  };
  const enable = async (agent: AdminAgent) => {
    try {
      await adminApi.enableAgent(agent.id);
      toast.success(t('admin.saved', { name: agent.nick }));
    } catch (error) {
      report(error);
    }
    await onChanged();
  };
  const reset = async (agent: AdminAgent) => {
    try {
      const { password } = await adminApi.resetPassword(agent.id);
      if (password) setShown({ name: agent.nick, password });
    } catch (error) {
      report(error);
    }
  };

  /** A button in an agent's row, named by what it does and the agent's nick. */
  const action = (index: number, verb: string, label: MessageKey, onClick: () => void) => (
    <button
      className="console-button console-button--small"
      type="button"
      id={`${headingId}-${index}-${verb}`}
      aria-labelledby={`${headingId}-${index}-${verb} ${headingId}-${index}`}
      onClick={onClick}
    >
      {t(label)}
    </button>
  );
  const columns: DataColumn<AdminAgent>[] = [
    { key: 'nick', header: t('admin.nick'), rowHeader: true, cell: (agent) => <bdi>{agent.nick}</bdi> },
    { key: 'username', header: t('admin.username'), cell: (agent) => <bdi>{agent.username}</bdi> },
    {
      key: 'role',
      header: t('admin.role'),
      cell: (agent) => t(agent.role === 'admin' ? 'admin.roleAdmin' : 'admin.roleAgent'),
    },
    { key: 'channels', header: t('admin.channels'), cell: (agent) => <bdi>{agent.channels.join(', ')}</bdi> },
    { key: 'departments', header: t('admin.departments'), cell: (agent) => <bdi>{departments(agent)}</bdi> },
    { key: 'capacity', header: t('admin.capacity'), cell: (agent) => agent.capacity },
    { key: 'status', header: t('admin.status'), cell: (agent) => t(statusKey(agent)) },
    {
      key: 'actions',
      header: <span className="parley-visually-hidden">{t('admin.actions')}</span>,
      cell: (agent, index) => (
        <span className="console-item__actions">
          {action(index, 'edit', 'admin.edit', () => setEditing(agent))}
          {agent.disabled
            ? action(index, 'enable', 'admin.enable', () => enable(agent))
            : action(index, 'disable', 'admin.disable', () =>
                // The server refuses it too; said here before the question.
                lastAdministrator(agent, agents) ? toast.error(t('admin.lastAdmin')) : setDisabling(agent),
              )}
          {action(index, 'reset', 'admin.resetPassword', () => setResetting(agent))}
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t('admin.agents')}{' '}
        <button
          className="console-button console-button--small console-button--primary"
          type="button"
          onClick={() => setEditing(null)}
        >
          {t('admin.addAgent')}
        </button>
      </h3>
      <DataTable
        className="console-admin__table"
        labelledBy={headingId}
        rows={agents}
        rowKey={(agent) => agent.id}
        rowHeaderId={(_, index) => `${headingId}-${index}`}
        rowData={(agent) => ({ 'data-disabled': agent.disabled || undefined })}
        columns={columns}
      />
      {editing !== undefined ? (
        <AgentDialog
          agent={editing}
          agents={agents}
          channels={channels}
          onClose={() => setEditing(undefined)}
          onSaved={async (saved, password) => {
            setEditing(undefined);
            toast.success(t('admin.saved', { name: saved.nick }));
            if (password) setShown({ name: saved.nick, password });
            await onChanged();
          }}
        />
      ) : null}
      <Confirm
        open={disabling !== null}
        onOpenChange={(open) => !open && setDisabling(null)}
        destructive
        title={t('admin.confirmDisable', { name: disabling?.nick ?? '' })}
        description={
          <>
            {t('admin.disableHint')}{' '}
            {disabling?.openChats ? t('admin.openChats', { count: disabling.openChats }) : null}
          </>
        }
        confirmText={t('admin.disable')}
        cancelText={t('admin.cancel')}
        onConfirm={() => disabling && void disable(disabling)}
      />
      <Confirm
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title={t('admin.confirmReset', { name: resetting?.nick ?? '' })}
        description={t('admin.resetHint')}
        confirmText={t('admin.resetPassword')}
        cancelText={t('admin.cancel')}
        onConfirm={() => resetting && void reset(resetting)}
      />
      {shown ? (
        <ConsoleModal title={t('admin.passwordTitle', { name: shown.name })} onClose={() => setShown(null)}>
          <div className="console-form">
            <p>{t('admin.passwordOnce')}</p>
            <p>
              <code className="console-admin__secret">{shown.password}</code>
            </p>
            <div className="console-actions">
              <button
                className="console-button console-button--primary"
                type="button"
                onClick={() => setShown(null)}
              >
                {t('admin.close')}
              </button>
            </div>
          </div>
        </ConsoleModal>
      ) : null}
    </section>
  );
}
