import { Confirm } from '@parley/chat-ui/Confirm';
import { toast } from '@parley/chat-ui/Toast';
import { useId, useState } from 'react';
import { AgentDialog, lastAdministrator } from './AgentDialog.js';
import { type AdminAgent, type AdminChannel, adminApi } from './adminCalls.js';
import { ConsoleModal } from './ConsoleModal.js';
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
      <div className="console-report__table console-admin__table">
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('admin.nick')}</th>
              <th scope="col">{t('admin.username')}</th>
              <th scope="col">{t('admin.role')}</th>
              <th scope="col">{t('admin.channels')}</th>
              <th scope="col">{t('admin.departments')}</th>
              <th scope="col">{t('admin.capacity')}</th>
              <th scope="col">{t('admin.status')}</th>
              <th scope="col">
                <span className="parley-visually-hidden">{t('admin.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {agents.map((agent, index) => (
              <tr key={agent.id} data-disabled={agent.disabled || undefined}>
                <th scope="row" id={`${headingId}-${index}`}>
                  <bdi>{agent.nick}</bdi>
                </th>
                <td>
                  <bdi>{agent.username}</bdi>
                </td>
                <td>{t(agent.role === 'admin' ? 'admin.roleAdmin' : 'admin.roleAgent')}</td>
                <td>
                  <bdi>{agent.channels.join(', ')}</bdi>
                </td>
                <td>
                  <bdi>{departments(agent)}</bdi>
                </td>
                <td>{agent.capacity}</td>
                <td>{t(statusKey(agent))}</td>
                <td>
                  <span className="console-item__actions">
                    <button
                      className="console-button console-button--small"
                      type="button"
                      id={`${headingId}-${index}-edit`}
                      aria-labelledby={`${headingId}-${index}-edit ${headingId}-${index}`}
                      onClick={() => setEditing(agent)}
                    >
                      {t('admin.edit')}
                    </button>
                    {agent.disabled ? (
                      <button
                        className="console-button console-button--small"
                        type="button"
                        id={`${headingId}-${index}-enable`}
                        aria-labelledby={`${headingId}-${index}-enable ${headingId}-${index}`}
                        onClick={() => enable(agent)}
                      >
                        {t('admin.enable')}
                      </button>
                    ) : (
                      <button
                        className="console-button console-button--small"
                        type="button"
                        id={`${headingId}-${index}-disable`}
                        aria-labelledby={`${headingId}-${index}-disable ${headingId}-${index}`}
                        onClick={() =>
                          // The server refuses it too; said here before the question.
                          lastAdministrator(agent, agents)
                            ? toast.error(t('admin.lastAdmin'))
                            : setDisabling(agent)
                        }
                      >
                        {t('admin.disable')}
                      </button>
                    )}
                    <button
                      className="console-button console-button--small"
                      type="button"
                      id={`${headingId}-${index}-reset`}
                      aria-labelledby={`${headingId}-${index}-reset ${headingId}-${index}`}
                      onClick={() => setResetting(agent)}
                    >
                      {t('admin.resetPassword')}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
