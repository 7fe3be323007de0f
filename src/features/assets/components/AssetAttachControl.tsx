/**
 * Attach assets to a chat message: a paperclip in the composer's context bar opens a searchable
 * list of the space's assets (AssetPickList, which Agent Mode's goal form opens from its own
 * button); chosen ones show as chips and go with the message, and the agent reads them (a text
 * asset's words, a document's text, an image's name and description). A component of its own, so
 * other context controls sit beside it in the bar.
 */
import { Cross2Icon, CardStackPlusIcon } from '@radix-ui/react-icons';
import { Badge, IconButton, Popover, Tooltip } from '@radix-ui/themes';
import { useMemo } from 'react';
import type { AssetRow } from '../../../db';
import { useAssets } from '../assets.queries';
import { AssetKindIcon } from './AssetKindIcon';
import { AssetPickList } from './AssetPickList';
import './attach.css';

interface AssetAttachControlProps {
  spaceId: string | null;
  value: readonly string[];
  onChange(ids: string[]): void;
  disabled?: boolean;
}

export function AssetAttachControl({ spaceId, value, onChange, disabled = false }: AssetAttachControlProps) {
  return (
    <Popover.Root>
      <Tooltip content={value.length ? `${value.length} attached` : 'Attach assets'}>
        <Popover.Trigger disabled={disabled}>
          <IconButton type="button" variant="soft" color="gray" size="2" aria-label={value.length ? `Attach assets (${value.length} attached)` : 'Attach assets'} className="composer__attach">
            <CardStackPlusIcon />
            {value.length ? <span className="composer__attach-count">{value.length}</span> : null}
          </IconButton>
        </Popover.Trigger>
      </Tooltip>
      <Popover.Content width="340px" maxWidth="calc(100vw - 32px)" aria-label="Attach assets">
        <AssetPickList spaceId={spaceId} value={value} onChange={onChange} carrier="message" />
      </Popover.Content>
    </Popover.Root>
  );
}

/** The chosen assets as chips (above the message box, or under a goal's picker), each removable. */
export function AttachedAssets({ spaceId, value, onChange, label = 'Attached assets' }: Omit<AssetAttachControlProps, 'disabled'> & { label?: string }) {
  const assets = useAssets(spaceId);
  const byId = useMemo(() => new Map((assets ?? []).map((asset) => [asset.id, asset] as const)), [assets]);
  const chosen = value.map((id) => byId.get(id)).filter((asset): asset is AssetRow => asset !== undefined);
  if (chosen.length === 0) return null;
  return (
    <ul className="attached-assets" aria-label={label}>
      {chosen.map((asset) => (
        <li key={asset.id}>
          <Badge size="2" variant="surface" color="gray" className="attached-asset">
            <AssetKindIcon kind={asset.kind} size={14} />
            <span className="attached-asset__name">{asset.name}</span>
            <IconButton type="button" size="1" variant="ghost" color="gray" aria-label={`Remove ${asset.name}`} onClick={() => onChange(value.filter((id) => id !== asset.id))}>
              <Cross2Icon />
            </IconButton>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
