import { Badge, Flex, Text, Tooltip } from '@radix-ui/themes';
import type { DashboardMetrics } from '../../../contract/ga4';
import { isOtherChannel } from '../../../contract/dashboard-metrics';
import { formatCount } from '../../../contract/kpi-format';

/** Top channels ranked by sessions, each with a bar of its share. */
export function TopChannels({ channels }: { channels: Readonly<DashboardMetrics['topChannels']> }) {
  if (channels.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        No channel data for this range.
      </Text>
    );
  }
  return (
    <ol className="top-channels" aria-label="Top channels">
      {channels.map((item, index) => (
        <li key={`${item.channel}-${index}`} className="top-channels__item">
          <Flex justify="between" align="center" gap="2">
            <Flex align="center" gap="2" minWidth="0">
              <Text size="1" color="gray" className="top-channels__rank">
                {index + 1}
              </Text>
              <Text size="2" weight="medium" truncate>
                {item.channel}
              </Text>
              {isOtherChannel(item.channel) ? (
                <Tooltip content="GA4 could not assign these sessions to a channel.">
                  <Badge color="gray" variant="soft" size="1">
                    Unassigned
                  </Badge>
                </Tooltip>
              ) : null}
            </Flex>
            <Text size="2" className="top-channels__figures">
              {formatCount(item.sessions)} · {item.percentage.toFixed(1)}%
            </Text>
          </Flex>
          <div className="top-channels__track" aria-hidden="true">
            <div className="top-channels__bar" style={{ width: `${Math.max(1, Math.min(100, item.percentage))}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
