/**
 * Creative assets a goal carries (docs/agent-mode.md "Attached assets"): the research quotes them
 * and the draft builds on them. Chosen with the chat's list of the space's assets (AssetPickList)
 * and shown as removable chips. Making the plan needs the server, and the server checks each asset
 * then, so offline the button is disabled with the reason rather than letting a choice go stale.
 */
import { Button, Popover } from '@radix-ui/themes';
import { CardStackPlusIcon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import { AttachedAssets } from '../../assets/components/AssetAttachControl';
import { AssetPickList } from '../../assets/components/AssetPickList';
import { OptionalPicker } from './OptionalPicker';

interface AssetPickerProps {
  spaceId: string | null;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}

export function AssetPicker({ spaceId, chosen, onChange }: AssetPickerProps) {
  return (
    <OptionalPicker
      labelId="run-assets-label"
      label="Assets to use"
      picker={
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
      }
    >
      <AttachedAssets spaceId={spaceId} value={chosen} onChange={onChange} label="Assets this run will use" />
    </OptionalPicker>
  );
}
