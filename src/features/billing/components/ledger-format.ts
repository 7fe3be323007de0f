import type { TransactionType } from '../../../contract/billing';
import { formatNumber } from '../../../contract/format';

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  debit: 'Usage',
  credit: 'Added',
  refund: 'Refund',
  purchase: 'Purchase',
  grant: 'Plan credits',
};

/** "−30" for spending, "+5,500" for everything that adds credits; exact numbers, since this is the ledger. */
export function signedCredits(type: string, credits: number): string {
  const sign = type === 'debit' ? '−' : '+';
  return `${sign}${formatNumber(credits)}`;
}

const FEATURE_LABELS: Record<string, string> = { chat: 'AI agent chats', general: 'General', knowledge: 'Knowledge base', plan: 'Plan', credits: 'Credits', agent_mode: 'Agent Mode' };

export function featureLabel(feature: string | null): string {
  if (!feature) return 'Other';
  return FEATURE_LABELS[feature] ?? feature.charAt(0).toUpperCase() + feature.slice(1).replace(/[_-]+/g, ' ');
}
