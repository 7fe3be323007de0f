/**
 * Creative assets a goal carries (docs/agent-mode.md "Attached assets"): the research quotes them
 * and the draft builds on them. Chosen with the chat's list of the space's assets (AssetPickList)
 * and shown as removable chips. Making the plan needs the server, and the server checks each asset
 * then, so offline the button is disabled with the reason rather than letting a choice go stale.
 */
import { Button, Flex, Popover, Text } from '@radix-ui/themes';
import { CardStackPlusIcon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import { AttachedAssets } from '../../assets/components/AssetAttachControl';
import { AssetPickList } from '../../assets/components/AssetPickList';

interface AssetPickerProps {
  spaceId: string | null;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}

export function AssetPicker({ spaceId, chosen, onChange }: AssetPickerProps) {
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" gap="2" wrap="wrap">
        <Text size="2" weight="bold" id="run-assets-label">
          Assets to use
        </Text>
        <Text size="2" color="gray">
          (optional)
        </Text>
        <Popover.Root>
          <NetworkRequiredTooltip>
            {({ disabled }) => (
              <Popover.Trigger disabled={disabled}>
                <Button type="button" variant="soft" size="1" aria-describedby="run-assets-label">
                  <CardStackPlusIcon aria-hidden="true" /> Attach assets{chosen.length > 0 ? ` (${chosen.length})` : ''}
                </Button>
              </Popover.Trigger>
            )}
          </NetworkRequiredTooltip>
          <Popover.Content width="340px" maxWidth="calc(100vw - 32px)" aria-label="Attach assets">
            <AssetPickList spaceId={spaceId} value={chosen} onChange={onChange} carrier="goal" />
          </Popover.Content>
        </Popover.Root>
      </Flex>
      <AttachedAssets spaceId={spaceId} value={chosen} onChange={onChange} label="Assets this run will use" />
    </Flex>
  );
}
