import { useT } from './i18n/I18nProvider.js';

/**
 * Marks a visitor the host site vouched for (verified identity) with the site's own id for them:
 * a word and a label, not only a colour.
 */
export function VerifiedBadge({ visitor }: { visitor: { verified: boolean; verifiedPid: string | null } }) {
  const t = useT();
  if (!visitor.verified) return null;
  const label = visitor.verifiedPid
    ? t('verified.labelWithPid', { pid: visitor.verifiedPid })
    : t('verified.label');
  return (
    <span className="console-verified" role="note" aria-label={label}>
      <span aria-hidden="true">✓</span> {t('verified.badge')}
      {visitor.verifiedPid ? <span className="console-verified__pid"> {visitor.verifiedPid}</span> : null}
    </span>
  );
}
