import { Button, Flex, Text } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { formatNumber, plural } from '../../../contract/format';

interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  shown: number;
  onChange: (offset: number) => void;
  /** What the list holds, singular and plural: "1–1 of 1 user", "1–50 of 234 users". */
  noun: readonly [one: string, many: string];
}

/** "1–50 of 234 users" with Previous and Next. */
export function Pager({ offset, limit, total, shown, onChange, noun }: PagerProps) {
  if (total === 0) return null;
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Text size="2" color="gray" role="status">
        {formatNumber(offset + 1)}–{formatNumber(offset + shown)} of {formatNumber(total)} {plural(total, ...noun)}
      </Text>
      <Flex gap="2">
        <Button variant="soft" color="gray" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          <ChevronLeftIcon /> Previous
        </Button>
        <Button variant="soft" color="gray" disabled={offset + shown >= total} onClick={() => onChange(offset + limit)}>
          Next <ChevronRightIcon />
        </Button>
      </Flex>
    </Flex>
  );
}
