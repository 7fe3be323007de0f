/** The collections beside the library (desktop): All assets, each collection with its count, and a new one. */
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Flex, Heading, IconButton, Text, TextField, Tooltip } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import type { AssetCollectionRow } from '../../../db';
import { useOnline } from '../../../pwa';

interface CollectionsNavProps {
  collections: readonly AssetCollectionRow[];
  total: number;
  selected: string | null;
  onSelect(id: string | null): void;
  onCreate(name: string): Promise<unknown>;
  onDelete(collection: AssetCollectionRow): void;
  deleteBlockedReason(collection: AssetCollectionRow): string | null;
}

export function CollectionsNav({ collections, total, selected, onSelect, onCreate, onDelete, deleteBlockedReason }: CollectionsNavProps) {
  const online = useOnline();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await onCreate(name.trim());
    setName('');
    setAdding(false);
  };
  return (
    <nav className="asset-collections" aria-label="Collections">
      <Heading as="h2" size="2" mb="2" className="asset-collections__title">
        Collections
      </Heading>
      <ul className="asset-collections__list">
        <li>
          <button type="button" className="asset-collection" aria-current={selected === null ? 'true' : undefined} onClick={() => onSelect(null)}>
            <Text size="2">All assets</Text>
            <Text size="1" color="gray">
              {total}
            </Text>
          </button>
        </li>
        {collections.map((collection) => {
          const blocked = deleteBlockedReason(collection);
          return (
            <li key={collection.id} className="asset-collections__item">
              <button type="button" className="asset-collection" aria-current={selected === collection.id ? 'true' : undefined} onClick={() => onSelect(collection.id)}>
                <Text size="2" className="asset-ellipsis">
                  {collection.name}
                </Text>
                <Text size="1" color="gray">
                  {collection.assetCount}
                </Text>
              </button>
              {blocked === null && online ? (
                <Tooltip content={`Delete the collection "${collection.name}" (its assets stay)`}>
                  <IconButton size="1" variant="ghost" color="gray" aria-label={`Delete collection ${collection.name}`} onClick={() => onDelete(collection)} className="asset-collection__delete">
                    <TrashIcon />
                  </IconButton>
                </Tooltip>
              ) : null}
            </li>
          );
        })}
      </ul>
      {adding ? (
        <form onSubmit={(event) => void submit(event)} className="asset-collections__form">
          <TextField.Root size="2" autoFocus placeholder="e.g. Spring launch" aria-label="New collection name" value={name} onChange={(event) => setName(event.target.value)} maxLength={80} />
          <Flex gap="2" mt="2">
            <Button size="1" type="submit" disabled={!name.trim()}>
              Add
            </Button>
            <Button size="1" type="button" variant="soft" color="gray" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </Flex>
        </form>
      ) : (
        <Button size="1" variant="ghost" mt="2" onClick={() => setAdding(true)} disabled={!online} className="asset-collections__add">
          <PlusIcon /> New collection
        </Button>
      )}
    </nav>
  );
}
