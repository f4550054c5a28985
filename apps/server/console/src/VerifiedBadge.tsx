import { strings } from './strings.js';

/**
 * Marks a visitor the host site vouched for (verified identity) with the site's own id for them:
 * a word and a label, not only a colour.
 */
export function VerifiedBadge({ visitor }: { visitor: { verified: boolean; verifiedPid: string | null } }) {
  if (!visitor.verified) return null;
  return (
    <span className="console-verified" role="note" aria-label={strings.verifiedVisitor(visitor.verifiedPid)}>
      <span aria-hidden="true">✓</span> {strings.verified}
      {visitor.verifiedPid ? <span className="console-verified__pid"> {visitor.verifiedPid}</span> : null}
    </span>
  );
}
