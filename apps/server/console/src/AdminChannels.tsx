import { toast } from '@parley/chat-ui/Toast';
import { useId, useState } from 'react';
import type { AdminChannel } from './adminCalls.js';
import { ChannelDialog } from './ChannelDialog.js';
import { useI18n } from './i18n/I18nProvider.js';

/**
 * The channels with the settings operators change most, each editable: its title, who answers
 * first, the robot's name, the texts visitors are shown, ratings, the reply target, working hours
 * and the sites that embed it. The rest of a channel is the command line's.
 */
export function AdminChannels({
  channels,
  onChanged,
}: {
  channels: AdminChannel[];
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [editing, setEditing] = useState<AdminChannel | null>(null);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.channels')}</h3>
      <p className="console-hint">{t('admin.channelsMore')}</p>
      <div className="console-report__table console-admin__table">
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('admin.channel')}</th>
              <th scope="col">{t('admin.titleDesc')}</th>
              <th scope="col">{t('admin.receiveMode')}</th>
              <th scope="col">{t('admin.ratings')}</th>
              <th scope="col">{t('admin.hours')}</th>
              <th scope="col">
                <span className="parley-visually-hidden">{t('admin.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {channels.map((channel, index) => {
              const { info, workingHours } = channel.settings;
              return (
                <tr key={channel.id}>
                  <th scope="row" id={`${headingId}-${index}`}>
                    <bdi>{channel.id}</bdi>
                  </th>
                  <td>
                    <bdi>{info.titleDesc}</bdi>
                  </td>
                  <td>{t(info.receiveMode === 0 ? 'admin.robotFirst' : 'admin.humanFirst')}</td>
                  <td>{t(info.evaluateMode === 1 ? 'admin.on' : 'admin.off')}</td>
                  <td>{workingHours ? <bdi>{workingHours.timeZone}</bdi> : t('admin.alwaysOpen')}</td>
                  <td>
                    <button
                      className="console-button console-button--small"
                      type="button"
                      id={`${headingId}-${index}-edit`}
                      aria-labelledby={`${headingId}-${index}-edit ${headingId}-${index}`}
                      onClick={() => setEditing(channel)}
                    >
                      {t('admin.edit')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editing ? (
        <ChannelDialog
          channel={editing}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            toast.success(t('admin.saved', { name: saved.id }));
            await onChanged();
          }}
        />
      ) : null}
    </section>
  );
}
