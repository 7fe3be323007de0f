/**
 * The right side of the preview: the asset's name (renamed in place), description, tags and
 * collections, what it is and where it came from, and Download / Copy text / Delete. Changes are
 * saved as they are made; offline the fields are read-only and say why.
 */
import { CopyIcon, DownloadIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Checkbox, DataList, Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AssetCollectionRow, AssetRow } from '../../../db';
import { ASSET_LIMITS, ASSET_SOURCE_LABELS } from '../../../contract/assets';
import { formatBytes, formatDateTime } from '../../../contract/format';
import { NetworkRequiredTooltip, useOnline } from '../../../pwa';
import { dimensionsOf, formatName } from '../asset-labels';
import { TagEditor } from './TagEditor';

interface AssetDetailsProps {
  asset: AssetRow;
  collections: readonly AssetCollectionRow[];
  deleteBlockedReason: string | null;
  onUpdate(change: { name?: string; description?: string | null; tags?: string[]; collection_ids?: string[] }): Promise<unknown>;
  onDownload(): void;
  onDelete(): void;
}

export function AssetDetails({ asset, collections, deleteBlockedReason, onUpdate, onDownload, onDelete }: AssetDetailsProps) {
  const online = useOnline();
  const [name, setName] = useState(asset.name);
  const [description, setDescription] = useState(asset.description ?? '');
  // A rename elsewhere (another tab, the server's answer) replaces what is shown while not editing.
  const [shownFor, setShownFor] = useState(asset.updatedAt);
  if (shownFor !== asset.updatedAt) {
    setShownFor(asset.updatedAt);
    setName(asset.name);
    setDescription(asset.description ?? '');
  }
  const saveName = () => {
    const trimmed = name.trim();
    if (!trimmed) setName(asset.name);
    else if (trimmed !== asset.name) void onUpdate({ name: trimmed });
  };
  const saveDescription = () => {
    if (description.trim() !== (asset.description ?? '')) void onUpdate({ description: description.trim() || null });
  };
  const toggleCollection = (id: string, on: boolean) => {
    const next = on ? [...asset.collectionIds, id] : asset.collectionIds.filter((other) => other !== id);
    void onUpdate({ collection_ids: next });
  };
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(asset.content ?? asset.excerpt ?? '');
      toast.success('Copied');
    } catch {
      toast.error('Could not copy: your browser blocked access to the clipboard. Select the text and copy it instead.');
    }
  };

  return (
    <Flex direction="column" gap="4" className="asset-details">
      <div>
        <Dialog.Title size="4" mb="1" className="asset-details__title">
          {asset.name}
        </Dialog.Title>
        <Dialog.Description size="1" color="gray">
          {[formatName(asset), dimensionsOf(asset), formatBytes(asset.sizeBytes)].filter(Boolean).join(' · ')}
        </Dialog.Description>
      </div>
      {!online ? (
        <Text size="1" color="gray">
          You&apos;re offline: details can be changed again once you&apos;re back online.
        </Text>
      ) : null}
      <label className="asset-field">
        <Text size="2" weight="medium">
          Name
        </Text>
        <TextField.Root
          value={name}
          disabled={!online}
          maxLength={ASSET_LIMITS.nameMax}
          onChange={(event) => setName(event.target.value)}
          onBlur={saveName}
          onKeyDown={(event) => {
            if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
          }}
        />
      </label>
      <label className="asset-field">
        <Text size="2" weight="medium">
          Description
        </Text>
        <TextArea
          value={description}
          disabled={!online}
          rows={3}
          maxLength={ASSET_LIMITS.descriptionMax}
          placeholder="What it is and where it is used (agents read this when it is attached to a message)"
          onChange={(event) => setDescription(event.target.value)}
          onBlur={saveDescription}
        />
      </label>
      <Flex direction="column" gap="2">
        <Text size="2" weight="medium">
          Tags
        </Text>
        <TagEditor tags={asset.tags} disabled={!online} onChange={(tags) => void onUpdate({ tags })} />
      </Flex>
      {collections.length > 0 ? (
        <fieldset className="asset-field asset-field--set">
          <legend className="asset-legend">
            <Text size="2" weight="medium">
              Collections
            </Text>
          </legend>
          {collections.map((collection) => (
            <Text as="label" size="2" key={collection.id} className="asset-check">
              <Checkbox checked={asset.collectionIds.includes(collection.id)} disabled={!online} onCheckedChange={(checked) => toggleCollection(collection.id, checked === true)} />
              {collection.name}
            </Text>
          ))}
        </fieldset>
      ) : null}
      <DataList.Root size="1" className="asset-details__facts">
        <DataList.Item>
          <DataList.Label>Source</DataList.Label>
          <DataList.Value>{ASSET_SOURCE_LABELS[asset.source]}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Added</DataList.Label>
          <DataList.Value>
            {formatDateTime(asset.createdAt)}
            {asset.createdByName ? ` by ${asset.createdByName}` : ''}
          </DataList.Value>
        </DataList.Item>
        {asset.status === 'error' && asset.errorMessage ? (
          <DataList.Item>
            <DataList.Label>Problem</DataList.Label>
            <DataList.Value>
              <Text color="red" size="1">
                {asset.errorMessage}
              </Text>
            </DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      <Flex gap="2" wrap="wrap" className="asset-details__actions">
        {asset.kind === 'text' ? (
          <Button variant="soft" onClick={() => void copyText()}>
            <CopyIcon /> Copy text
          </Button>
        ) : (
          <NetworkRequiredTooltip>
            {({ disabled }) => (
              <Button variant="soft" onClick={onDownload} disabled={disabled}>
                <DownloadIcon /> Download
              </Button>
            )}
          </NetworkRequiredTooltip>
        )}
        <NetworkRequiredTooltip reason={deleteBlockedReason}>
          {({ disabled }) => (
            <Button variant="soft" color="red" onClick={onDelete} disabled={disabled}>
              <TrashIcon /> Delete
            </Button>
          )}
        </NetworkRequiredTooltip>
      </Flex>
    </Flex>
  );
}
