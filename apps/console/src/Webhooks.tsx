import type { WebhookDeliveryView, WebhookEndpointView } from '@parley/chat-protocol';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { call } from './api.js';
import { type DataColumn, DataTable } from './DataTable.js';
import { useI18n } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';
import { useReport } from './report.js';
import { WebhookChanges } from './WebhookChanges.js';

const STATUS: Record<WebhookDeliveryView['status'], MessageKey> = {
  pending: 'webhooks.pending',
  delivered: 'webhooks.delivered',
  failed: 'webhooks.failed',
};

/** One endpoint's delivery log, newest first, each delivery with a way to send it again. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t, formatDateTime } = useI18n();
  const report = useReport();
  const [log, setLog] = useState<WebhookDeliveryView[]>([]);
  const refresh = useCallback(() => {
    call('webhookDeliveries', { params: { endpointId: endpoint.id } }).then(setLog, report);
  }, [endpoint.id, report]);
  useEffect(refresh, [refresh]);
  const replay = (delivery: WebhookDeliveryView) =>
    call('replayWebhookDelivery', { params: { deliveryId: delivery.id } }).then(refresh, report);
  const columns: DataColumn<WebhookDeliveryView>[] = [
    { key: 'event', header: t('webhooks.event'), rowHeader: true, cell: (delivery) => delivery.eventType },
    {
      key: 'conversation',
      header: t('webhooks.conversation'),
      cell: (delivery) => <bdi>{delivery.conversationId}</bdi>,
    },
    { key: 'status', header: t('webhooks.status'), cell: (delivery) => t(STATUS[delivery.status]) },
    { key: 'attempts', header: t('webhooks.attempts'), cell: (delivery) => delivery.attempts },
    {
      key: 'answer',
      header: t('webhooks.answer'),
      cell: (delivery) => <bdi>{delivery.lastStatus ?? delivery.lastError ?? ''}</bdi>,
    },
    {
      key: 'time',
      header: t('webhooks.time'),
      cell: (delivery) => formatDateTime(delivery.deliveredAt ?? delivery.createdAt),
    },
    {
      key: 'replay',
      header: <span className="parley-visually-hidden">{t('webhooks.replay')}</span>,
      cell: (delivery) => (
        <button
          className="console-button console-button--small"
          type="button"
          onClick={() => replay(delivery)}
        >
          {t('webhooks.replay')}
        </button>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('webhooks.log', { url: endpoint.url })}
      rows={log}
      rowKey={(delivery) => delivery.id}
      columns={columns}
    />
  );
}

/**
 * An administrator's webhooks: each endpoint and whether it was disabled for failing (with a way to
 * enable it), adding one (its signing secret shown once), and each one's delivery log with replay.
 * For an agent who is not an administrator the server refuses the list, and nothing shows.
 */
export default function Webhooks() {
  const { t } = useI18n();
  const report = useReport();
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [channelId, setChannelId] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const headingId = useId();
  const refresh = useCallback(() => {
    call('webhooks', {}).then(setEndpoints, () => setEndpoints(null));
  }, []);
  useEffect(refresh, [refresh]);
  if (!endpoints) return null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    call('addWebhook', { body: { url, ...(channelId.trim() && { channelId: channelId.trim() }) } }).then(
      (added) => {
        setSecret(added.secret);
        setUrl('');
        refresh();
      },
      report,
    );
  };
  return (
    <section className="console-webhooks" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('webhooks.title')}</h3>
      {endpoints
        .filter((endpoint) => endpoint.disabledAt !== null)
        .map((endpoint) => (
          <p key={endpoint.id} role="status" className="console-webhooks__notice">
            {t('webhooks.disabled', { url: endpoint.url, reason: endpoint.disabledReason ?? '' })}{' '}
            <button
              className="console-button console-button--small"
              type="button"
              onClick={() =>
                call('enableWebhook', { params: { endpointId: endpoint.id } }).then(refresh, report)
              }
            >
              {t('webhooks.enable')}
            </button>
          </p>
        ))}
      {endpoints.length === 0 ? <p className="console-empty">{t('webhooks.empty')}</p> : null}
      <ul>
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} className="console-item">
            <span>
              <bdi>{endpoint.url}</bdi> · <bdi>{endpoint.channelId ?? t('webhooks.everyChannel')}</bdi>
            </span>
            <span className="console-item__actions">
              <button
                className="console-button console-button--small"
                type="button"
                aria-expanded={open === endpoint.id}
                onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
              >
                {t('webhooks.showLog')}
              </button>
              <button
                className="console-button console-button--small"
                type="button"
                onClick={() =>
                  call('removeWebhook', { params: { endpointId: endpoint.id } }).then(refresh, report)
                }
              >
                {t('webhooks.remove')}
              </button>
            </span>
            {open === endpoint.id ? (
              <>
                <DeliveryLog endpoint={endpoint} />
                <WebhookChanges endpoint={endpoint} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <form className="console-reports__range" onSubmit={add}>
        <label>
          {t('webhooks.url')}{' '}
          <input type="url" required value={url} onChange={(event) => setUrl(event.target.value)} />
        </label>
        <label>
          {t('webhooks.channel')}{' '}
          <input value={channelId} onChange={(event) => setChannelId(event.target.value)} />
        </label>
        <button className="console-button" type="submit">
          {t('webhooks.add')}
        </button>
      </form>
      {secret ? (
        <p role="status">
          {t('webhooks.secret')} <code>{secret}</code>
        </p>
      ) : null}
    </section>
  );
}
