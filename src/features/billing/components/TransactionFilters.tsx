import { Flex } from '@radix-ui/themes';
import type { TransactionStatus, TransactionType } from '../../../contract/billing';
import { TRANSACTION_TYPE_LABELS, featureLabel } from './ledger-format';
import { REPORT_PERIODS } from '../periods';
import { ChoiceSelect, choicesOf, type Choice } from '../../../ui/ChoiceSelect';

export interface LedgerFilter {
  feature: string;
  type: TransactionType | 'all';
  status: TransactionStatus | 'all';
  period: string;
}

export const DEFAULT_LEDGER_FILTER: LedgerFilter = { feature: 'all', type: 'all', status: 'all', period: 'all' };

const PERIODS = [{ value: 'all', label: 'All time' }, ...REPORT_PERIODS];
const TYPES: Choice<LedgerFilter['type']>[] = [{ value: 'all', label: 'All types' }, ...choicesOf(Object.keys(TRANSACTION_TYPE_LABELS) as TransactionType[], TRANSACTION_TYPE_LABELS)];
const STATUSES: Choice<LedgerFilter['status']>[] = [
  { value: 'all', label: 'Any status' },
  { value: 'completed', label: 'Completed' },
  { value: 'refunded', label: 'Refunded' },
];

interface TransactionFiltersProps {
  filter: LedgerFilter;
  features: readonly string[];
  onChange: (filter: LedgerFilter) => void;
}

/** Feature, type, status and period filters of the ledger (spec 001 §7 query: feature, period, status). */
export function TransactionFilters({ filter, features, onChange }: TransactionFiltersProps) {
  const set = <K extends keyof LedgerFilter>(key: K) => (value: LedgerFilter[K]) => onChange({ ...filter, [key]: value });
  const featureOptions = [...new Set(['chat', ...features, ...(filter.feature !== 'all' ? [filter.feature] : [])])].sort();
  const featureChoices = [{ value: 'all', label: 'All features' }, ...featureOptions.map((feature) => ({ value: feature, label: featureLabel(feature) }))];
  const trigger = { variant: 'surface' } as const;
  return (
    <Flex gap="2" wrap="wrap">
      <ChoiceSelect label="Filter by feature" trigger={trigger} size="1" value={filter.feature} onValueChange={set('feature')} choices={featureChoices} />
      <ChoiceSelect label="Filter by type" trigger={trigger} size="1" value={filter.type} onValueChange={set('type')} choices={TYPES} />
      <ChoiceSelect label="Filter by status" trigger={trigger} size="1" value={filter.status} onValueChange={set('status')} choices={STATUSES} />
      <ChoiceSelect label="Filter by period" trigger={trigger} size="1" value={filter.period} onValueChange={set('period')} choices={PERIODS} />
    </Flex>
  );
}
