import type { WebhookChangeKind, WebhookEndpointView } from '@parley/chat-protocol';
import { useEffect, useState } from 'react';
import { useChangeColumns } from './AdminChanges.js';
import { adminApi, type WebhookChange } from './adminCalls.js';
import { DataTable } from './DataTable.js';
import { useI18n } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/translate.js';
import { useReport } from './report.js';

const KINDS: Record<WebhookChangeKind, MessageKey> = {
  webhookAdded: 'admin.kindWebhookAdded',
  webhookChanged: 'admin.kindWebhookChanged',
  webhookPaused: 'admin.kindWebhookPaused',
  webhookResumed: 'admin.kindWebhookResumed',
  webhookEnabled: 'admin.kindWebhookEnabled',
  webhookSecretRotated: 'admin.kindWebhookSecretRotated',
  webhookTested: 'admin.kindWebhookTested',
  webhookRemoved: 'admin.kindWebhookRemoved',
};

/**
 * One webhook endpoint's changes, latest first: when, by whom (or the command line), what (added,
 * paused, its secret replaced, a test event sent…) and which fields. Shown with the endpoint, as
 * the server keeps them per endpoint (`webhookChanges`), apart from the administration's changes.
 *
 * @example
 * {open === endpoint.id ? <WebhookChanges endpoint={endpoint} /> : null}
 */
export function WebhookChanges({ endpoint }: { endpoint: Pick<WebhookEndpointView, 'id' | 'url'> }) {
  const { t } = useI18n();
  const report = useReport();
  const [changes, setChanges] = useState<WebhookChange[] | null>(null);
  useEffect(() => {
    adminApi.webhookChanges(endpoint.id).then(setChanges, report);
  }, [endpoint.id, report]);
  const columns = useChangeColumns<WebhookChange>((change) => t(KINDS[change.kind]));
  if (!changes) return null;
  return changes.length === 0 ? (
    <p className="console-empty">{t('admin.noChanges')}</p>
  ) : (
    <DataTable
      className="console-admin__table"
      caption={t('webhooks.changes', { url: endpoint.url })}
      rows={changes}
      rowKey={(change) => change.id}
      columns={columns}
    />
  );
}
