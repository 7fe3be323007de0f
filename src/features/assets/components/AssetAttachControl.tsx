/**
 * Attach assets to a chat message (or an Agent Mode goal): a paperclip in the composer's context
 * bar opens a searchable list of the space's assets (from the device, so it opens at once);
 * chosen ones show as chips and go with the message, and the agent reads them (a text asset's
 * words, a document's text, an image's name and description). A component of its own, so other
 * context controls sit beside it in the bar.
 */
import { Cross2Icon, MagnifyingGlassIcon, CardStackPlusIcon } from '@radix-ui/react-icons';
import { Badge, Checkbox, Flex, IconButton, Popover, Text, TextField, Tooltip } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import type { AssetRow } from '../../../db';
import { filterAssets, NO_FILTER } from '../asset-filters';
import { useAssets } from '../assets.queries';
import { AssetKindIcon } from './AssetKindIcon';
import './attach.css';

/** The server's limit per message (server/src/services/assets/asset-context.ts). */
export const MAX_ATTACHED_ASSETS = 10;
/** Rows listed at once: a library of thousands is searched, not scrolled. */
const LISTED = 50;

interface AssetAttachControlProps {
  spaceId: string | null;
  value: readonly string[];
  onChange(ids: string[]): void;
  disabled?: boolean;
}

export function AssetAttachControl({ spaceId, value, onChange, disabled = false }: AssetAttachControlProps) {
  const assets = useAssets(spaceId);
  const [query, setQuery] = useState('');
  const usable = useMemo(() => (assets ?? []).filter((asset) => asset.status !== 'error'), [assets]);
  const listed = useMemo(() => filterAssets(usable, { ...NO_FILTER, query }).slice(0, LISTED), [usable, query]);
  const full = value.length >= MAX_ATTACHED_ASSETS;
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((other) => other !== id));

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
        <Flex direction="column" gap="2">
          <Text size="2" weight="medium">
            Attach from Creative Assets
          </Text>
          <TextField.Root size="2" placeholder="Search assets" aria-label="Search assets to attach" value={query} onChange={(event) => setQuery(event.target.value)}>
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
          {usable.length === 0 ? (
            <Text size="2" color="gray">
              No assets in this space yet. Save a reply or upload files in Creative Assets.
            </Text>
          ) : listed.length === 0 ? (
            <Text size="2" color="gray">
              No asset matches.
            </Text>
          ) : (
            <ul className="attach-list" aria-label="Assets">
              {listed.map((asset) => {
                const checked = value.includes(asset.id);
                return (
                  <li key={asset.id}>
                    <Text as="label" size="2" className="attach-list__item">
                      <Checkbox checked={checked} disabled={!checked && full} onCheckedChange={(on) => toggle(asset.id, on === true)} />
                      <AssetKindIcon kind={asset.kind} />
                      <span className="attach-list__name">{asset.name}</span>
                    </Text>
                  </li>
                );
              })}
            </ul>
          )}
          {full ? (
            <Text size="1" color="gray">
              At most {MAX_ATTACHED_ASSETS} assets per message.
            </Text>
          ) : null}
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}

/** The chosen assets as chips above the message box, each removable. */
export function AttachedAssets({ spaceId, value, onChange }: Omit<AssetAttachControlProps, 'disabled'>) {
  const assets = useAssets(spaceId);
  const byId = useMemo(() => new Map((assets ?? []).map((asset) => [asset.id, asset] as const)), [assets]);
  const chosen = value.map((id) => byId.get(id)).filter((asset): asset is AssetRow => asset !== undefined);
  if (chosen.length === 0) return null;
  return (
    <ul className="attached-assets" aria-label="Attached assets">
      {chosen.map((asset) => (
        <li key={asset.id}>
          <Badge size="2" variant="surface" color="gray" className="attached-asset">
            <AssetKindIcon kind={asset.kind} size={14} />
            <span className="attached-asset__name">{asset.name}</span>
            <IconButton size="1" variant="ghost" color="gray" aria-label={`Remove ${asset.name}`} onClick={() => onChange(value.filter((id) => id !== asset.id))}>
              <Cross2Icon />
            </IconButton>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
