import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckIcon, Link2Icon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import type { Ga4Property } from '../../../contract/ga4';
import { GA4_MESSAGES } from './ga4-errors';
import { ga4State, linkProperty } from './ga4.store';
import { DemoBadge } from './DemoBadge';
import { useConnectBlockedReason } from './analytics-permissions';

/** Every property the connected accounts can read, grouped by account, with Link or Linked. */
export function PropertiesByAccount() {
  const { accounts, properties, linkedProperties, pending } = useSnapshot(ga4State);
  const linkedIds = new Set(linkedProperties.map((p) => p.ga4_property_id));
  const blocked = useConnectBlockedReason();

  const link = async (property: Ga4Property) => {
    try {
      await linkProperty(property);
      toast.success(GA4_MESSAGES.propertyLinked);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Flex direction="column" gap="4">
      {accounts.map((account) => {
        const own = properties.filter((p) => p.account_id === account.id);
        return (
          <Card key={account.id} size="2" className="surface-card" aria-label={`Properties of ${account.email}`}>
            <Flex align="center" gap="2" mb="2" wrap="wrap">
              <Heading as="h3" size="3">
                {account.email}
              </Heading>
              {account.is_demo ? <DemoBadge /> : null}
            </Flex>
            {own.length === 0 ? (
              <Text as="p" size="2" color="gray">
                This account cannot read any GA4 property.
              </Text>
            ) : (
              <ul className="ga4-list">
                {own.map((property) => (
                  <li key={property.property_id}>
                    <Flex justify="between" align="center" gap="3" wrap="wrap">
                      <Flex direction="column" minWidth="0">
                        <Text size="2" weight="medium" truncate>
                          {property.display_name}
                        </Text>
                        <Text size="1" color="gray">
                          {property.ga4_account_name} · Property {property.property_id}
                        </Text>
                      </Flex>
                      {linkedIds.has(property.property_id) ? (
                        <Badge color="green" variant="soft" size="2">
                          <CheckIcon /> Linked
                        </Badge>
                      ) : (
                        <NetworkRequiredTooltip reason={blocked}>
                          {({ disabled }) => (
                            <Button
                              size="1"
                              disabled={disabled}
                              loading={pending.includes(property.property_id)}
                              aria-label={`Link ${property.display_name}`}
                              onClick={() => void link(property)}
                            >
                              <Link2Icon /> Link
                            </Button>
                          )}
                        </NetworkRequiredTooltip>
                      )}
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
