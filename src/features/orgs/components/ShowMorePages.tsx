import { Button, Flex, Text } from '@radix-ui/themes';
import { LoadFailed } from '../../../ui/LoadFailed';
import type { PagedListState } from '../orgs.store';

interface ShowMorePagesProps {
  list: Readonly<Pick<PagedListState<unknown>, 'nextCursor' | 'loadingMore' | 'moreError'>>;
  /** How many rows are shown, and of how many, as words ("40 of 130 people shown"). */
  shown: string;
  /** The button's text ("Show more members"). */
  label: string;
  loadMore: () => Promise<unknown>;
}

/**
 * Under a list read a page at a time: how much of it is shown and, while more follows, a button
 * reading the next page; a failed page says why, with Retry, and keeps what is shown.
 */
export function ShowMorePages({ list, shown, label, loadMore }: ShowMorePagesProps) {
  const more = list.nextCursor !== null;
  return (
    <Flex direction="column" gap="3">
      {list.moreError ? <LoadFailed message={list.moreError} retrying={list.loadingMore} onRetry={() => void loadMore()} /> : null}
      {more ? (
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text size="1" color="gray" role="status">
            {shown}
          </Text>
          {list.moreError ? null : (
            <Button variant="soft" onClick={() => void loadMore()} loading={list.loadingMore}>
              {label}
            </Button>
          )}
        </Flex>
      ) : null}
    </Flex>
  );
}
