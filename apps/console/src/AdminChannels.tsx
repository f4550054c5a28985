import { toast } from '@parley/chat-ui/Toast';
import { useId, useState } from 'react';
import type { AdminChannel } from './adminCalls.js';
import { ChannelDialog } from './ChannelDialog.js';
import { type DataColumn, DataTable } from './DataTable.js';
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
  const columns: DataColumn<AdminChannel>[] = [
    { key: 'id', header: t('admin.channel'), rowHeader: true, cell: (channel) => <bdi>{channel.id}</bdi> },
    {
      key: 'title',
      header: t('admin.titleDesc'),
      cell: (channel) => <bdi>{channel.settings.info.titleDesc}</bdi>,
    },
    {
      key: 'receiveMode',
      header: t('admin.receiveMode'),
      cell: (channel) => t(channel.settings.info.receiveMode === 0 ? 'admin.robotFirst' : 'admin.humanFirst'),
    },
    {
      key: 'ratings',
      header: t('admin.ratings'),
      cell: (channel) => t(channel.settings.info.evaluateMode === 1 ? 'admin.on' : 'admin.off'),
    },
    {
      key: 'hours',
      header: t('admin.hours'),
      cell: ({ settings: { workingHours } }) =>
        workingHours ? <bdi>{workingHours.timeZone}</bdi> : t('admin.alwaysOpen'),
    },
    {
      key: 'actions',
      header: <span className="parley-visually-hidden">{t('admin.actions')}</span>,
      cell: (channel, index) => (
        <button
          className="console-button console-button--small"
          type="button"
          id={`${headingId}-${index}-edit`}
          aria-labelledby={`${headingId}-${index}-edit ${headingId}-${index}`}
          onClick={() => setEditing(channel)}
        >
          {t('admin.edit')}
        </button>
      ),
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.channels')}</h3>
      <p className="console-hint">{t('admin.channelsMore')}</p>
      <DataTable
        className="console-admin__table"
        labelledBy={headingId}
        rows={channels}
        rowKey={(channel) => channel.id}
        rowHeaderId={(_, index) => `${headingId}-${index}`}
        columns={columns}
      />
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
