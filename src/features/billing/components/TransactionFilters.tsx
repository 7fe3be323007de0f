import { Flex, Select } from '@radix-ui/themes';
import type { TransactionStatus, TransactionType } from '../../../contract/billing';
import { TRANSACTION_TYPE_LABELS, featureLabel } from './ledger-format';
import { REPORT_PERIODS } from '../periods';

export interface LedgerFilter {
  feature: string;
  type: TransactionType | 'all';
  status: TransactionStatus | 'all';
  period: string;
}

export const DEFAULT_LEDGER_FILTER: LedgerFilter = { feature: 'all', type: 'all', status: 'all', period: 'all' };

const PERIODS = [{ value: 'all', label: 'All time' }, ...REPORT_PERIODS];

interface TransactionFiltersProps {
  filter: LedgerFilter;
  features: readonly string[];
  onChange: (filter: LedgerFilter) => void;
}

/** Feature, type, status and period filters of the ledger (spec 001 §7 query: feature, period, status). */
export function TransactionFilters({ filter, features, onChange }: TransactionFiltersProps) {
  const set = <K extends keyof LedgerFilter>(key: K, value: LedgerFilter[K]) => onChange({ ...filter, [key]: value });
  const featureOptions = [...new Set(['chat', ...features, ...(filter.feature !== 'all' ? [filter.feature] : [])])].sort();
  return (
    <Flex gap="2" wrap="wrap">
      <Select.Root value={filter.feature} onValueChange={(value) => set('feature', value)} size="1">
        <Select.Trigger aria-label="Filter by feature" variant="surface" />
        <Select.Content>
          <Select.Item value="all">All features</Select.Item>
          {featureOptions.map((feature) => (
            <Select.Item key={feature} value={feature}>
              {featureLabel(feature)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root value={filter.type} onValueChange={(value) => set('type', value as LedgerFilter['type'])} size="1">
        <Select.Trigger aria-label="Filter by type" variant="surface" />
        <Select.Content>
          <Select.Item value="all">All types</Select.Item>
          {(Object.keys(TRANSACTION_TYPE_LABELS) as TransactionType[]).map((type) => (
            <Select.Item key={type} value={type}>
              {TRANSACTION_TYPE_LABELS[type]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root value={filter.status} onValueChange={(value) => set('status', value as LedgerFilter['status'])} size="1">
        <Select.Trigger aria-label="Filter by status" variant="surface" />
        <Select.Content>
          <Select.Item value="all">Any status</Select.Item>
          <Select.Item value="completed">Completed</Select.Item>
          <Select.Item value="refunded">Refunded</Select.Item>
        </Select.Content>
      </Select.Root>
      <Select.Root value={filter.period} onValueChange={(value) => set('period', value)} size="1">
        <Select.Trigger aria-label="Filter by period" variant="surface" />
        <Select.Content>
          {PERIODS.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
