import { Flex, Skeleton } from '@radix-ui/themes';

interface SkeletonBlocksProps {
  /** Names the wait for screen readers ("Loading the account"). */
  label: string;
  /** Each placeholder's height, top to bottom, roughly the shape of what is coming. */
  heights: readonly string[];
  gap?: '2' | '3';
}

/** Placeholders where content will be while it loads for the first time. */
export function SkeletonBlocks({ label, heights, gap = '3' }: SkeletonBlocksProps) {
  return (
    <Flex direction="column" gap={gap} role="status" aria-label={label}>
      {heights.map((height, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </Flex>
  );
}

interface ListSkeletonProps {
  label: string;
  rows?: number;
  height?: string;
  gap?: '2' | '3';
}

/** Placeholder rows while a list loads for the first time. */
export function ListSkeleton({ label, rows = 3, height = '44px', gap = '3' }: ListSkeletonProps) {
  return <SkeletonBlocks label={label} heights={Array.from({ length: rows }, () => height)} gap={gap} />;
}
