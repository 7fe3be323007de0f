import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import { LinkBreak2Icon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import { GA4_MESSAGES } from './ga4-errors';
import { ga4State, unlinkProperty } from './ga4.store';
import { useConnectBlockedReason } from './analytics-permissions';

/** The properties linked to this space, each with Unlink; the dashboard's one is marked. */
export function LinkedPropertiesList() {
  const { linkedProperties, selectedPropertyId, pending } = useSnapshot(ga4State);
  const blocked = useConnectBlockedReason();
  if (linkedProperties.length === 0) {
    return (
      <Text as="p" size="2" color="gray">
        {blocked
          ? 'No property is linked to this space yet. An organisation owner or admin links one to fill the dashboard.'
          : 'No property is linked to this space yet. Link one below to fill the dashboard.'}
      </Text>
    );
  }
  const unlink = async (id: string) => {
    try {
      await unlinkProperty(id);
      toast.success(GA4_MESSAGES.propertyUnlinked);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <ul className="ga4-list" aria-label="Linked properties">
      {linkedProperties.map((property) => (
        <li key={property.id}>
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Flex direction="column" minWidth="0">
              <Flex align="center" gap="2">
                <Text size="2" weight="medium" truncate>
                  {property.ga4_property_display_name}
                </Text>
                {property.ga4_property_id === selectedPropertyId ? (
                  <Badge variant="soft" color="green">
                    On dashboard
                  </Badge>
                ) : null}
              </Flex>
              <Text size="1" color="gray">
                Property {property.ga4_property_id}
              </Text>
            </Flex>
            <NetworkRequiredTooltip reason={blocked}>
              {({ disabled }) => (
                <Button
                  size="1"
                  variant="soft"
                  color="gray"
                  disabled={disabled}
                  loading={pending.includes(property.id)}
                  aria-label={`Unlink ${property.ga4_property_display_name}`}
                  onClick={() => void unlink(property.id)}
                >
                  <LinkBreak2Icon /> Unlink
                </Button>
              )}
            </NetworkRequiredTooltip>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
