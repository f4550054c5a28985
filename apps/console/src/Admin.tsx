import './Admin.css';
import { useCallback, useEffect, useId, useState } from 'react';
import { AdminAgents } from './AdminAgents.js';
import { AdminChanges } from './AdminChanges.js';
import { AdminChannels } from './AdminChannels.js';
import { AdminTokens } from './AdminTokens.js';
import { type AdminAgent, type AdminChannel, adminApi } from './adminCalls.js';
import { useT } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';
import type { SettingsPage } from './navigation.js';
import { useReport } from './report.js';

const PARTS: [SettingsPage, MessageKey][] = [
  ['agents', 'admin.agents'],
  ['channels', 'admin.channels'],
  ['tokens', 'admin.tokens'],
  ['changes', 'admin.changes'],
];

/**
 * The administrators' area (the server refuses its calls to anyone else): the agents, the
 * channels' everyday settings, the integration API tokens, and the record of who changed what. It loads when first opened.
 */
export default function Admin({
  page: part,
  onPage,
  onClose,
}: {
  /** The page on screen (the URL's). */
  page: SettingsPage;
  onPage: (page: SettingsPage) => void;
  onClose: () => void;
}) {
  const t = useT();
  const report = useReport();
  const headingId = useId();
  const [agents, setAgents] = useState<AdminAgent[] | null>(null);
  const [channels, setChannels] = useState<AdminChannel[] | null>(null);

  const refreshAgents = useCallback(() => adminApi.agents().then(setAgents, report), [report]);
  const refreshChannels = useCallback(() => adminApi.channels().then(setChannels, report), [report]);
  useEffect(() => {
    void refreshAgents();
    void refreshChannels();
  }, [refreshAgents, refreshChannels]);

  return (
    <section className="console-admin" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('admin.title')}{' '}
        <button className="console-button console-button--small" type="button" onClick={onClose}>
          {t('admin.close')}
        </button>
      </h2>
      <fieldset className="console-actions console-admin__parts">
        <legend className="parley-visually-hidden">{t('admin.parts')}</legend>
        {PARTS.map(([name, label]) => (
          <button
            key={name}
            className="console-button console-toggle"
            type="button"
            aria-pressed={part === name}
            onClick={() => onPage(name)}
          >
            {t(label)}
          </button>
        ))}
      </fieldset>
      {part === 'agents' && agents && channels ? (
        <AdminAgents agents={agents} channels={channels} onChanged={refreshAgents} />
      ) : null}
      {part === 'channels' && channels ? (
        <AdminChannels channels={channels} onChanged={refreshChannels} />
      ) : null}
      {part === 'tokens' && agents && channels ? <AdminTokens agents={agents} channels={channels} /> : null}
      {part === 'changes' ? <AdminChanges agents={agents ?? []} /> : null}
    </section>
  );
}
