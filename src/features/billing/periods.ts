/** The reporting periods the billing API understands (transactions and usage breakdown). */
export const REPORT_PERIODS = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
] as const;
