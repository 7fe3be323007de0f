/** Tags as removable chips and a box to add more (Enter or comma adds; tags are kept lower case). */
import { Cross2Icon } from '@radix-ui/react-icons';
import { Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useState, type KeyboardEvent } from 'react';
import { ASSET_LIMITS, normaliseTags } from '../../../contract/assets';

interface TagEditorProps {
  tags: readonly string[];
  disabled: boolean;
  onChange(tags: string[]): void;
}

export function TagEditor({ tags, disabled, onChange }: TagEditorProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const next = normaliseTags([...tags, ...draft.split(',')]).filter((tag) => tag.length <= ASSET_LIMITS.tagMax);
    setDraft('');
    if (next.length !== tags.length) onChange(next.slice(0, ASSET_LIMITS.tagsPerAsset));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && !draft && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };
  return (
    <Flex direction="column" gap="2">
      {tags.length > 0 ? (
        <ul className="asset-tags" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="asset-tag">
              <Text size="1">#{tag}</Text>
              <IconButton size="1" variant="ghost" color="gray" aria-label={`Remove tag ${tag}`} disabled={disabled} onClick={() => onChange(tags.filter((other) => other !== tag))}>
                <Cross2Icon />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <TextField.Root
        size="2"
        placeholder={tags.length ? 'Add another tag' : 'Add a tag, e.g. spring'}
        aria-label="Add a tag"
        value={draft}
        disabled={disabled}
        maxLength={ASSET_LIMITS.tagMax}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && add()}
      />
    </Flex>
  );
}
