import { Confirm } from '@parley/chat-ui/Confirm';
import { toast } from '@parley/chat-ui/Toast';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type AdminAgent, type AdminChannel, adminApi, type IntegrationTokenView } from './adminCalls.js';
import { ConsoleModal } from './ConsoleModal.js';
import { type DataColumn, DataTable } from './DataTable.js';
import { useI18n } from './i18n/I18nProvider.js';
import { useReport } from './report.js';
import { TokenDialog } from './TokenDialog.js';

/**
 * The token just made, with the token itself: shown this once, in its own dialog that says so
 * (its description, read out when it opens), with the focus on Copy.
 */
function SecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const { t } = useI18n();
  const copyRef = useRef<HTMLButtonElement>(null);
  // No clipboard outside a secure context (http on another host): the token stays there to select.
  const copy = () =>
    (navigator.clipboard?.writeText(secret) ?? Promise.reject(new Error('no clipboard'))).then(
      () => toast.success(t('tokens.copied')),
      () => toast.error(t('tokens.copyFailed')),
    );
  return (
    <ConsoleModal
      title={t('tokens.secretTitle', { name })}
      description={t('tokens.secretOnce')}
      initialFocus={copyRef}
      onClose={onClose}
    >
      <div className="console-form">
        <p>
          <code className="console-admin__secret">{secret}</code>
        </p>
        <div className="console-actions">
          <button
            ref={copyRef}
            className="console-button console-button--primary"
            type="button"
            onClick={copy}
          >
            {t('tokens.copy')}
          </button>
          <button className="console-button" type="button" onClick={onClose}>
            {t('admin.close')}
          </button>
        </div>
      </div>
    </ConsoleModal>
  );
}

/**
 * The integration API tokens, live and revoked: what each may do, on which channels, whom it posts
 * as, when it was made and last used. Making one (the token shown once, to copy) and revoking one
 * (after a question). What `npm run admin -- token` does; each change goes to the record of changes.
 */
export function AdminTokens({
  agents,
  channels,
}: {
  agents: readonly AdminAgent[];
  channels: readonly AdminChannel[];
}) {
  const { t, formatDateTime } = useI18n();
  const report = useReport();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [tokens, setTokens] = useState<IntegrationTokenView[] | null>(null);
  const [making, setMaking] = useState(false);
  const [revoking, setRevoking] = useState<IntegrationTokenView | null>(null);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);

  const refresh = useCallback(() => adminApi.tokens().then(setTokens, report), [report]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const revoke = async (token: IntegrationTokenView) => {
    try {
      await adminApi.revokeToken(token.id);
      toast.success(t('tokens.revoked', { name: token.name }));
    } catch (error) {
      report(error);
    }
    await refresh();
    // Its Revoke button is gone with it: the focus goes back to the top of the page, not nowhere.
    headingRef.current?.focus();
  };

  const postsAs = (token: IntegrationTokenView) =>
    token.agent
      ? t('tokens.asAgent', { name: token.agent.username })
      : token.botName
        ? t('tokens.asBot', { name: token.botName })
        : t('tokens.postsAsNobody');

  const columns: DataColumn<IntegrationTokenView>[] = [
    { key: 'name', header: t('tokens.name'), rowHeader: true, cell: (token) => <bdi>{token.name}</bdi> },
    {
      key: 'scopes',
      header: t('tokens.scopes'),
      cell: (token) => <bdi dir="ltr">{token.scopes.join(', ')}</bdi>,
    },
    {
      key: 'channels',
      header: t('tokens.channels'),
      cell: (token) => <bdi>{token.channels?.join(', ') ?? t('tokens.everyChannel')}</bdi>,
    },
    { key: 'postsAs', header: t('tokens.postAs'), cell: (token) => <bdi>{postsAs(token)}</bdi> },
    { key: 'created', header: t('tokens.created'), cell: (token) => formatDateTime(token.createdAt) },
    {
      key: 'lastUsed',
      header: t('tokens.lastUsed'),
      cell: (token) => (token.lastUsedAt === null ? t('tokens.never') : formatDateTime(token.lastUsedAt)),
    },
    {
      key: 'status',
      header: t('admin.status'),
      cell: (token) =>
        token.revokedAt === null
          ? t('tokens.active')
          : t('tokens.revokedAt', { time: formatDateTime(token.revokedAt) }),
    },
    {
      key: 'actions',
      header: <span className="parley-visually-hidden">{t('admin.actions')}</span>,
      cell: (token, index) =>
        token.revokedAt === null ? (
          <button
            className="console-button console-button--small"
            type="button"
            id={`${headingId}-${index}-revoke`}
            aria-labelledby={`${headingId}-${index}-revoke ${headingId}-${index}`}
            onClick={() => setRevoking(token)}
          >
            {t('tokens.revoke')}
          </button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      {/* The button is beside the heading, not in it: the heading names the table. */}
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('admin.tokens')}
      </h3>
      <p className="console-hint">{t('tokens.intro')}</p>
      <p>
        <button
          className="console-button console-button--small console-button--primary"
          type="button"
          onClick={() => setMaking(true)}
        >
          {t('tokens.add')}
        </button>
      </p>
      {tokens?.length === 0 ? <p className="console-empty">{t('tokens.empty')}</p> : null}
      {tokens && tokens.length > 0 ? (
        <DataTable
          className="console-admin__table"
          labelledBy={headingId}
          rows={tokens}
          rowKey={(token) => token.id}
          rowHeaderId={(_, index) => `${headingId}-${index}`}
          rowData={(token) => ({ 'data-revoked': token.revokedAt !== null || undefined })}
          columns={columns}
        />
      ) : null}
      {making ? (
        <TokenDialog
          agents={agents}
          channels={channels}
          onClose={() => setMaking(false)}
          onMade={(token, secret) => {
            setMaking(false);
            setShown({ name: token.name, secret });
            void refresh();
          }}
        />
      ) : null}
      {shown ? <SecretDialog name={shown.name} secret={shown.secret} onClose={() => setShown(null)} /> : null}
      <Confirm
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        destructive
        title={t('tokens.confirmRevoke', { name: revoking?.name ?? '' })}
        description={t('tokens.revokeHint')}
        confirmText={t('tokens.revoke')}
        cancelText={t('admin.cancel')}
        onConfirm={() => revoking && void revoke(revoking)}
      />
    </section>
  );
}
