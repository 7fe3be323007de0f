import { Select } from '../../../ui/Select';
import { CATEGORY_IDS, categoryLabel } from '../../../contract/knowledge-categories';

export const ALL_CATEGORIES = 'all';

interface CategoryFilterProps {
  value: string;
  counts: ReadonlyMap<string, number> | undefined;
  total: number;
  onChange(value: string): void;
}

/** Filter by category, with how many documents each holds. */
export function CategoryFilter({ value, counts, total, onChange }: CategoryFilterProps) {
  const known = new Set(CATEGORY_IDS);
  const extra = [...(counts?.keys() ?? [])].filter((id) => !known.has(id));
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger aria-label="Filter by category" className="kb-filter" />
      <Select.Content position="popper">
        <Select.Item value={ALL_CATEGORIES}>All categories ({total})</Select.Item>
        <Select.Separator />
        {[...CATEGORY_IDS, ...extra].map((id) => (
          <Select.Item key={id} value={id}>
            {categoryLabel(id)} ({counts?.get(id) ?? 0})
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
