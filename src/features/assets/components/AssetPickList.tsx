/**
 * The inside of an "attach assets" popover: a search box over the space's usable assets (from the
 * device, so it opens at once) and a checkbox per asset, up to the attachment limit. Shared by the
 * chat composer's paperclip and Agent Mode's goal form, which differ only in their trigger.
 */
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Checkbox, Flex, Text, TextField } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { MAX_ATTACHED_ASSETS } from '../../../contract/asset-types';
import { filterAssets, NO_FILTER } from '../asset-filters';
import { useAssets } from '../assets.queries';
import { AssetKindIcon } from './AssetKindIcon';
import './attach.css';

/** Rows listed at once: a library of thousands is searched, not scrolled. */
const LISTED = 50;

interface AssetPickListProps {
  spaceId: string | null;
  value: readonly string[];
  onChange(ids: string[]): void;
  /** What the assets go with, for the limit's note ("message", "goal"). */
  carrier: string;
}

export function AssetPickList({ spaceId, value, onChange, carrier }: AssetPickListProps) {
  const assets = useAssets(spaceId);
  const [query, setQuery] = useState('');
  const usable = useMemo(() => (assets ?? []).filter((asset) => asset.status !== 'error'), [assets]);
  const listed = useMemo(() => filterAssets(usable, { ...NO_FILTER, query }).slice(0, LISTED), [usable, query]);
  const full = value.length >= MAX_ATTACHED_ASSETS;
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((other) => other !== id));

  return (
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
          At most {MAX_ATTACHED_ASSETS} assets per {carrier}.
        </Text>
      ) : null}
    </Flex>
  );
}
