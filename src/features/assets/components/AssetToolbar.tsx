/** Search, filters (type, source, tag; collection on a phone) and the grid/list switch above the library. */
import { Cross2Icon, DashboardIcon, ListBulletIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, SegmentedControl, Spinner, TextField, VisuallyHidden } from '@radix-ui/themes';
import { Select } from '../../../ui/Select';
import type { AssetCollectionRow, AssetRow } from '../../../db';
import { ASSET_KIND_LABELS, ASSET_KINDS, ASSET_SOURCE_LABELS, ASSET_SOURCES, type AssetKind, type AssetSource } from '../../../contract/assets';
import type { AssetFilter } from '../asset-filters';
import { countBy, tagCounts } from '../asset-filters';
import type { AssetView } from '../assets.state';

const ALL = 'all';

interface AssetToolbarProps {
  assets: readonly AssetRow[];
  collections: readonly AssetCollectionRow[];
  filter: AssetFilter;
  view: AssetView;
  searching: boolean;
  /** Phones show the collection choice here (the rail is hidden). */
  showCollectionFilter: boolean;
  onFilter(change: Partial<AssetFilter>): void;
  onView(view: AssetView): void;
}

export function AssetToolbar({ assets, collections, filter, view, searching, showCollectionFilter, onFilter, onView }: AssetToolbarProps) {
  const kinds = countBy(assets, 'kind');
  const sources = countBy(assets, 'source');
  const tags = tagCounts(assets);
  return (
    <Flex className="asset-toolbar" gap="2" align="center" wrap="wrap" role="search">
      <TextField.Root
        className="asset-toolbar__search"
        size="2"
        placeholder="Search names, tags and text"
        aria-label="Search assets"
        value={filter.query}
        onChange={(event) => onFilter({ query: event.target.value })}
      >
        <TextField.Slot>{searching ? <Spinner size="1" /> : <MagnifyingGlassIcon height="16" width="16" />}</TextField.Slot>
        {filter.query ? (
          <TextField.Slot>
            <IconButton size="1" variant="ghost" color="gray" aria-label="Clear the search" onClick={() => onFilter({ query: '' })}>
              <Cross2Icon />
            </IconButton>
          </TextField.Slot>
        ) : null}
      </TextField.Root>
      <Flex gap="2" align="center" className="asset-toolbar__row">
        <Flex gap="2" className="asset-toolbar__filters">
          <Select.Root value={filter.kind ?? ALL} onValueChange={(value) => onFilter({ kind: value === ALL ? null : (value as AssetKind) })}>
            <Select.Trigger aria-label="Type" className="asset-filter" />
            <Select.Content position="popper">
              <Select.Item value={ALL}>All types</Select.Item>
              {ASSET_KINDS.map((kind) => (
                <Select.Item key={kind} value={kind}>
                  {ASSET_KIND_LABELS[kind]} ({kinds.get(kind) ?? 0})
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Select.Root value={filter.source ?? ALL} onValueChange={(value) => onFilter({ source: value === ALL ? null : (value as AssetSource) })}>
            <Select.Trigger aria-label="Source" className="asset-filter" />
            <Select.Content position="popper">
              <Select.Item value={ALL}>All sources</Select.Item>
              {ASSET_SOURCES.map((source) => (
                <Select.Item key={source} value={source}>
                  {ASSET_SOURCE_LABELS[source]} ({sources.get(source) ?? 0})
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Select.Root value={filter.tag ?? ALL} onValueChange={(value) => onFilter({ tag: value === ALL ? null : value })}>
            <Select.Trigger aria-label="Tag" className="asset-filter" />
            <Select.Content position="popper">
              <Select.Item value={ALL}>Any tag</Select.Item>
              {tags.map(({ tag, count }) => (
                <Select.Item key={tag} value={tag}>
                  #{tag} ({count})
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          {showCollectionFilter ? (
            <Select.Root value={filter.collectionId ?? ALL} onValueChange={(value) => onFilter({ collectionId: value === ALL ? null : value })}>
              <Select.Trigger aria-label="Collection" className="asset-filter" />
              <Select.Content position="popper">
                <Select.Item value={ALL}>All collections</Select.Item>
                {collections.map((collection) => (
                  <Select.Item key={collection.id} value={collection.id}>
                    {collection.name} ({collection.assetCount})
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          ) : null}
        </Flex>
        <SegmentedControl.Root value={view} onValueChange={(value) => onView(value as AssetView)} className="asset-toolbar__view" size="2">
          <SegmentedControl.Item value="grid">
            <DashboardIcon aria-hidden />
            <VisuallyHidden>Grid view</VisuallyHidden>
          </SegmentedControl.Item>
          <SegmentedControl.Item value="list">
            <ListBulletIcon aria-hidden />
            <VisuallyHidden>List view</VisuallyHidden>
          </SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
    </Flex>
  );
}
