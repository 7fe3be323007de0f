import { useState, type FormEvent } from 'react';
import { Button, Flex, SegmentedControl, Text, TextField } from '@radix-ui/themes';
import { customDates, presetDates, RANGE_PRESETS, type DashboardRange } from '../../../contract/dashboard-range';

const CUSTOM = 'custom';
const PRESET_LABELS: Record<string, string> = { '7d': '7 days', '28d': '28 days', '90d': '90 days' };

interface RangeControlProps {
  range: DashboardRange;
  onChange: (range: DashboardRange) => void;
}

/** Presets (7, 28, 90 days) or a custom start and end, checked before anything is fetched. */
export function RangeControl({ range, onChange }: RangeControlProps) {
  const initial = range.kind === 'custom' ? range : { start: '', end: '' };
  const [choice, setChoice] = useState<string>(range.kind === 'custom' ? CUSTOM : range.range);
  const [start, setStart] = useState(initial.start || presetDates('28d', new Date()).start_date);
  const [end, setEnd] = useState(initial.end || presetDates('28d', new Date()).end_date);
  const [error, setError] = useState<string | null>(null);

  const pick = (value: string) => {
    setChoice(value);
    setError(null);
    if (value !== CUSTOM) onChange({ kind: 'preset', range: value });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = customDates(start, end);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    // A start after the end is swapped (spec 001 §5); show the user what will be used.
    setStart(checked.dates.start_date);
    setEnd(checked.dates.end_date);
    setError(null);
    onChange({ kind: 'custom', start: checked.dates.start_date, end: checked.dates.end_date });
  };

  return (
    <Flex direction="column" gap="2" className="range-control">
      <SegmentedControl.Root value={choice} onValueChange={pick} aria-label="Date range" size="2">
        {RANGE_PRESETS.map((preset) => (
          <SegmentedControl.Item key={preset} value={preset}>
            {PRESET_LABELS[preset]}
          </SegmentedControl.Item>
        ))}
        <SegmentedControl.Item value={CUSTOM}>Custom</SegmentedControl.Item>
      </SegmentedControl.Root>
      {choice === CUSTOM ? (
        <form onSubmit={apply} aria-label="Custom range" noValidate>
          <Flex gap="2" align="end" wrap="wrap">
            <label className="range-control__field">
              <Text size="1" color="gray">Start date</Text>
              <TextField.Root type="date" value={start} onChange={(e) => setStart(e.target.value)} aria-invalid={error ? true : undefined} />
            </label>
            <label className="range-control__field">
              <Text size="1" color="gray">End date</Text>
              <TextField.Root type="date" value={end} onChange={(e) => setEnd(e.target.value)} aria-invalid={error ? true : undefined} />
            </label>
            <Button type="submit" variant="soft">Apply</Button>
          </Flex>
          {error ? (
            <Text as="p" size="1" color="red" role="alert" mt="1">
              {error}
            </Text>
          ) : null}
        </form>
      ) : null}
    </Flex>
  );
}
