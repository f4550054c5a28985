import {
  type IntegrationScope,
  type IntegrationTokenInput,
  integrationScopes,
  TOKEN_BOT_NAME_MAX,
  TOKEN_NAME_MAX,
} from '@parley/chat-protocol';
import { Checkbox, Field, Input, Radio, RadioGroup, Select } from '@parley/chat-ui/Form';
import { type FormEvent, useId, useState } from 'react';
import { type AdminAgent, type AdminChannel, adminApi, type IntegrationTokenView } from './adminCalls.js';
import { ConsoleModal, DialogActions } from './ConsoleModal.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';

/** Whom a token's messages come from. */
type PostAs = 'nobody' | 'agent' | 'bot';
type FieldName = 'name' | 'scopes' | 'postAs' | 'agent' | 'botName';

/** The scope that posts messages: it needs an agent or a bot to post as (the server says so too). */
const POSTING: IntegrationScope = 'messages:write';

/**
 * Makes an integration API token: its name, what it may do (every scope the contract has), the
 * channels it is limited to, and whom it posts as. Checks what it can before asking the server,
 * which answers the token once (`onMade`).
 */
export function TokenDialog({
  agents,
  channels,
  onClose,
  onMade,
}: {
  agents: readonly AdminAgent[];
  channels: readonly AdminChannel[];
  onClose: () => void;
  onMade: (token: IntegrationTokenView, secret: string) => void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<IntegrationScope[]>([]);
  const [chosenChannels, setChosenChannels] = useState<string[]>([]);
  const [postAs, setPostAs] = useState<PostAs>('nobody');
  const [agentUsername, setAgentUsername] = useState('');
  const [botName, setBotName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, MessageKey>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scopesErrorId = useId();
  const channelsHintId = useId();
  const enabled = agents.filter((agent) => !agent.disabled);

  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((item) => item !== value);

  const check = () => {
    const found: Partial<Record<FieldName, MessageKey>> = {};
    if (!name.trim()) found.name = 'tokens.nameMissing';
    if (scopes.length === 0) found.scopes = 'tokens.scopesMissing';
    if (scopes.includes(POSTING) && postAs === 'nobody') found.postAs = 'tokens.postAsMissing';
    if (postAs === 'agent' && !agentUsername) found.agent = 'tokens.agentMissing';
    if (postAs === 'bot' && !botName.trim()) found.botName = 'tokens.botMissing';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const input: IntegrationTokenInput = {
      name: name.trim(),
      // In the contract's order, whatever order they were ticked in.
      scopes: integrationScopes.filter((scope) => scopes.includes(scope)),
      ...(chosenChannels.length > 0 && { channels: chosenChannels }),
      ...(postAs === 'agent' && { agentUsername }),
      ...(postAs === 'bot' && { botName: botName.trim() }),
    };
    setBusy(true);
    try {
      const made = await adminApi.addToken(input);
      onMade(made.token, made.secret);
    } catch (error) {
      setFailure(t('errors.failed', { message: error instanceof Error ? error.message : String(error) }));
      setBusy(false);
    }
  };

  const problem = (field: FieldName) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <ConsoleModal title={t('tokens.add')} className="console-admin-dialog" onClose={onClose}>
      <form className="console-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <Field label={t('tokens.name')} error={problem('name')} required>
          <Input
            value={name}
            autoComplete="off"
            maxLength={TOKEN_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <fieldset
          className="console-admin__choices"
          aria-invalid={errors.scopes ? true : undefined}
          aria-describedby={errors.scopes ? scopesErrorId : undefined}
        >
          <legend>{t('tokens.scopes')}</legend>
          {integrationScopes.map((scope) => (
            <Checkbox
              key={scope}
              label={<code>{scope}</code>}
              checked={scopes.includes(scope)}
              onCheckedChange={(on) => setScopes(toggle(scopes, scope, on))}
            />
          ))}
          {errors.scopes ? (
            <p className="console-error" id={scopesErrorId}>
              {t(errors.scopes)}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="console-admin__choices" aria-describedby={channelsHintId}>
          <legend>{t('tokens.channels')}</legend>
          <p className="console-hint" id={channelsHintId}>
            {t('tokens.channelsHint')}
          </p>
          {channels.map((channel) => (
            <Checkbox
              key={channel.id}
              label={<bdi>{channel.id}</bdi>}
              checked={chosenChannels.includes(channel.id)}
              onCheckedChange={(on) => setChosenChannels(toggle(chosenChannels, channel.id, on))}
            />
          ))}
        </fieldset>
        <Field label={t('tokens.postAs')} error={problem('postAs')}>
          <RadioGroup value={postAs} onValueChange={(value) => setPostAs(value as PostAs)}>
            <Radio value="nobody" label={t('tokens.postAsNobody')} />
            <Radio value="agent" label={t('tokens.postAsAgent')} />
            <Radio value="bot" label={t('tokens.postAsBot')} />
          </RadioGroup>
        </Field>
        {postAs === 'agent' ? (
          <Field label={t('tokens.agent')} error={problem('agent')} required>
            <Select
              value={agentUsername}
              onChange={(event) => setAgentUsername(event.target.value)}
              placeholder={t('tokens.chooseAgent')}
              options={enabled.map((agent) => ({
                value: agent.username,
                label: `${agent.nick} (${agent.username})`,
              }))}
            />
          </Field>
        ) : null}
        {postAs === 'bot' ? (
          <Field label={t('tokens.botName')} error={problem('botName')} required>
            <Input
              value={botName}
              maxLength={TOKEN_BOT_NAME_MAX}
              onChange={(event) => setBotName(event.target.value)}
            />
          </Field>
        ) : null}
        <DialogActions
          failure={failure}
          submitLabel={t('tokens.make')}
          submitDisabled={busy}
          cancelLabel={t('admin.cancel')}
          onCancel={onClose}
        />
      </form>
    </ConsoleModal>
  );
}
