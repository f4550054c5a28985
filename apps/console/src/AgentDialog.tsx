import { AGENT_CAPACITY_MAX, ErrorCode, PASSWORD_MIN } from '@parley/chat-protocol';
import { Checkbox, Field, Input, Select } from '@parley/chat-ui/Form';
import { type FormEvent, useId, useState } from 'react';
import { type AdminAgent, type AdminChannel, type AgentFields, adminApi } from './adminCalls.js';
import { ApiError } from './api.js';
import { ConsoleModal, DialogActions } from './ConsoleModal.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey, Params } from './i18n/translate.js';

const AVATAR = /^(https?:\/\/|\/(?!\/))\S*$/;

/** Whether the agent is the only enabled administrator: the server keeps them one. */
export const lastAdministrator = (agent: AdminAgent, agents: readonly AdminAgent[]) =>
  agent.role === 'admin' &&
  !agent.disabled &&
  !agents.some((other) => other.id !== agent.id && other.role === 'admin' && !other.disabled);

type FieldName = 'username' | 'nick' | 'password' | 'capacity' | 'avatar';
type Problem = { key: MessageKey; params?: Params };

/** Adds an agent (`agent` null) or edits one; checks what it can before asking the server. */
export function AgentDialog({
  agent,
  agents,
  channels,
  onClose,
  onSaved,
}: {
  agent: AdminAgent | null;
  agents: readonly AdminAgent[];
  channels: readonly AdminChannel[];
  onClose: () => void;
  onSaved: (agent: AdminAgent, password: string | null) => void;
}) {
  const t = useT();
  const [username, setUsername] = useState(agent?.username ?? '');
  const [nick, setNick] = useState(agent?.nick ?? '');
  const [role, setRole] = useState<AgentFields['role']>(agent?.role ?? 'agent');
  const [capacity, setCapacity] = useState(String(agent?.capacity ?? 1));
  const [avatar, setAvatar] = useState(agent?.avatar ?? '');
  const [password, setPassword] = useState('');
  const [chosenChannels, setChosenChannels] = useState<string[]>(agent?.channels ?? []);
  const [groups, setGroups] = useState<string[]>(agent?.groups ?? []);
  const [errors, setErrors] = useState<Partial<Record<FieldName, Problem>>>({});
  const [failure, setFailure] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const groupsId = useId();

  // The departments of the chosen channels, and any the agent has that none of them lists.
  const offered = new Map<string, string>();
  for (const channel of channels) {
    if (!chosenChannels.includes(channel.id)) continue;
    for (const group of channel.groups) offered.set(group.groupId, group.groupName);
  }
  for (const group of groups) if (!offered.has(group)) offered.set(group, group);

  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((item) => item !== value);

  const check = (): Partial<Record<FieldName, Problem>> => {
    const found: Partial<Record<FieldName, Problem>> = {};
    const name = username.trim();
    if (!name || /\s/.test(name)) found.username = { key: 'admin.usernameInvalid' };
    else if (agents.some((other) => other.username === name && other.id !== agent?.id)) {
      found.username = { key: 'admin.usernameTaken' };
    }
    if (!nick.trim()) found.nick = { key: 'admin.nickMissing' };
    if (password && password.length < PASSWORD_MIN) {
      found.password = { key: 'admin.passwordShort', params: { count: PASSWORD_MIN } };
    }
    const places = Number(capacity);
    if (capacity.trim() === '' || !Number.isInteger(places) || places < 0 || places > AGENT_CAPACITY_MAX) {
      found.capacity = { key: 'admin.capacityInvalid', params: { max: AGENT_CAPACITY_MAX } };
    }
    if (avatar.trim() && !AVATAR.test(avatar.trim())) found.avatar = { key: 'admin.avatarInvalid' };
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (agent && role !== 'admin' && lastAdministrator(agent, agents)) {
      setFailure({ key: 'admin.lastAdmin' });
      return;
    }
    const fields: AgentFields = {
      username: username.trim(),
      nick: nick.trim(),
      role,
      channels: chosenChannels,
      groups: groups.filter((group) => offered.has(group)),
      capacity: Number(capacity),
      avatar: avatar.trim() || null,
    };
    setBusy(true);
    try {
      if (agent) {
        onSaved(await adminApi.updateAgent(agent.id, fields), null);
      } else {
        const added = await adminApi.addAgent(fields, password || undefined);
        onSaved(added.agent, added.password);
      }
    } catch (error) {
      const conflict = error instanceof ApiError && error.code === ErrorCode.conflict;
      setFailure(
        conflict && (!agent || fields.username !== agent.username)
          ? { key: 'admin.usernameTaken' }
          : conflict
            ? { key: 'admin.lastAdmin' }
            : {
                key: 'errors.failed',
                params: { message: error instanceof Error ? error.message : String(error) },
              },
      );
      setBusy(false);
    }
  };

  const problem = (field: FieldName) => {
    const found = errors[field];
    return found ? t(found.key, found.params) : undefined;
  };

  return (
    <ConsoleModal
      title={agent ? t('admin.editAgent', { name: agent.nick }) : t('admin.addAgent')}
      className="console-admin-dialog"
      onClose={onClose}
    >
      <form className="console-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <Field label={t('admin.username')} error={problem('username')} required>
          <Input
            value={username}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Field label={t('admin.nick')} error={problem('nick')} required>
          <Input value={nick} maxLength={80} onChange={(event) => setNick(event.target.value)} />
        </Field>
        <Field label={t('admin.role')}>
          <Select
            value={role}
            onChange={(event) => setRole(event.target.value as AgentFields['role'])}
            options={[
              { value: 'agent', label: t('admin.roleAgent') },
              { value: 'admin', label: t('admin.roleAdmin') },
            ]}
          />
        </Field>
        <fieldset className="console-admin__choices">
          <legend>{t('admin.channels')}</legend>
          {channels.map((channel) => (
            <Checkbox
              key={channel.id}
              label={
                <>
                  <bdi>{channel.id}</bdi>
                  {channel.settings.info.titleDesc ? (
                    <>
                      {' · '}
                      <bdi>{channel.settings.info.titleDesc}</bdi>
                    </>
                  ) : null}
                </>
              }
              checked={chosenChannels.includes(channel.id)}
              onCheckedChange={(on) => setChosenChannels(toggle(chosenChannels, channel.id, on))}
            />
          ))}
        </fieldset>
        <fieldset className="console-admin__choices" aria-describedby={groupsId}>
          <legend>{t('admin.departments')}</legend>
          <p className="console-hint" id={groupsId}>
            {offered.size > 0 ? t('admin.departmentsHint') : t('admin.noDepartments')}
          </p>
          {[...offered].map(([groupId, groupName]) => (
            <Checkbox
              key={groupId}
              label={<bdi>{groupName}</bdi>}
              checked={groups.includes(groupId)}
              onCheckedChange={(on) => setGroups(toggle(groups, groupId, on))}
            />
          ))}
        </fieldset>
        <Field label={t('admin.capacity')} error={problem('capacity')} required>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={AGENT_CAPACITY_MAX}
            step={1}
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
          />
        </Field>
        <Field label={t('admin.avatar')} error={problem('avatar')}>
          <Input
            dir="ltr"
            inputMode="url"
            value={avatar}
            maxLength={2048}
            placeholder="https://"
            onChange={(event) => setAvatar(event.target.value)}
          />
        </Field>
        {agent ? null : (
          <Field
            label={t('admin.password')}
            description={t('admin.passwordHint', { count: PASSWORD_MIN })}
            error={problem('password')}
          >
            <Input
              type="password"
              autoComplete="new-password"
              value={password}
              maxLength={200}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
        )}
        <DialogActions
          failure={failure && t(failure.key, failure.params)}
          submitLabel={t('admin.save')}
          submitDisabled={busy}
          cancelLabel={t('admin.cancel')}
          onCancel={onClose}
        />
      </form>
    </ConsoleModal>
  );
}
