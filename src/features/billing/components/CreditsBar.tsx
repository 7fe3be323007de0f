import type { Credits } from '../../../contract/billing';
import { formatCredits, isNearLimit, isOverLimit, usageBarPercent } from '../billing.status';
import '../billing.css';

/** The used-credits bar: at least 2 % wide (spec 000 §9), amber near the limit, red over it. */
export function CreditsBar({ credits, thin = false, label = 'Credits used' }: { credits: Pick<Credits, 'used' | 'total'>; thin?: boolean; label?: string }) {
  const level = isOverLimit(credits) ? 'over' : isNearLimit(credits) ? 'near' : 'ok';
  return (
    <div
      className={thin ? 'credits-bar credits-bar--thin' : 'credits-bar'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={credits.total}
      aria-valuenow={Math.min(credits.used, credits.total)}
      aria-valuetext={`${formatCredits(credits.used)} of ${formatCredits(credits.total)} credits used`}
    >
      <div className="credits-bar__fill" data-level={level} style={{ width: `${usageBarPercent(credits)}%` }} />
    </div>
  );
}
