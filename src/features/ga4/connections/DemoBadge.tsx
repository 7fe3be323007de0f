import { Badge, Tooltip } from '@radix-ui/themes';

export const DEMO_BADGE_TEXT = 'Demo data';

/** Calm marker wherever demo figures appear: the server has no Google credentials configured. */
export function DemoBadge() {
  return (
    <Tooltip content="Sample figures from the built-in demo source. Connect a real Google account to see your own.">
      <Badge color="amber" variant="soft" radius="full">
        {DEMO_BADGE_TEXT}
      </Badge>
    </Tooltip>
  );
}
