import { Cross2Icon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Flex, IconButton, Progress, Text } from '@radix-ui/themes';
import { Select } from '../../../ui/Select';
import { formatBytes, formatCount } from '../../../contract/format';
import { CATEGORY_IDS, categoryLabel } from '../../../contract/knowledge-categories';
import { duplicateFlag, type StagedFile } from '../staging';
import { FileTypeIcon } from './FileTypeIcon';

interface StagedFileListProps {
  staged: readonly StagedFile[];
  checking: boolean;
  category: string;
  onCategoryChange(category: string): void;
  onRemove(key: string): void;
  onClear(): void;
  onUpload(): void;
}

export const AUTO_CATEGORY = 'auto';

/** The staged files with their hashing progress and duplicate flags, and the upload action. */
export function StagedFileList({ staged, checking, category, onCategoryChange, onRemove, onClear, onUpload }: StagedFileListProps) {
  const total = staged.reduce((sum, item) => sum + item.file.size, 0);
  return (
    <section className="kb-staged" aria-label="Files ready to upload">
      <Flex justify="between" align="center" gap="3" wrap="wrap" className="kb-staged__head">
        <Text size="2" weight="medium">
          {formatCount(staged.length, 'file')} selected · {formatBytes(total)}
        </Text>
        {checking ? (
          <Text size="1" color="gray">
            Checking for duplicates…
          </Text>
        ) : null}
      </Flex>
      <ul className="kb-staged__list">
        {staged.map((item) => {
          const flag = duplicateFlag(item);
          return (
            <li key={item.key} className="kb-staged__item" data-testid="staged-file">
              <FileTypeIcon filename={item.file.name} />
              <Flex direction="column" gap="1" className="kb-staged__text">
                <Text size="2" weight="medium" className="kb-ellipsis" title={item.file.name}>
                  {item.file.name}
                </Text>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text size="1" color="gray">
                    {formatBytes(item.file.size)}
                  </Text>
                  {item.hash === null && item.hashError === null ? (
                    <Progress size="1" value={Math.round(item.hashProgress * 100)} className="kb-staged__hash" aria-label={`Checking ${item.file.name}`} />
                  ) : null}
                  {flag ? (
                    <Text size="1" color="amber" className="kb-flag">
                      <ExclamationTriangleIcon aria-hidden="true" /> {flag}
                    </Text>
                  ) : null}
                  {item.hashError ? (
                    <Text size="1" color="red">
                      {item.hashError}
                    </Text>
                  ) : null}
                </Flex>
              </Flex>
              <IconButton variant="ghost" color="gray" aria-label={`Remove ${item.file.name}`} onClick={() => onRemove(item.key)}>
                <Cross2Icon />
              </IconButton>
            </li>
          );
        })}
      </ul>
      <Flex justify="between" align="center" gap="3" wrap="wrap" className="kb-staged__actions">
        <Flex align="center" gap="2">
          <Text size="2" color="gray" as="label" htmlFor="kb-batch-category">
            Category
          </Text>
          <Select.Root value={category} onValueChange={onCategoryChange}>
            <Select.Trigger id="kb-batch-category" aria-label="Category for these files" />
            <Select.Content>
              <Select.Item value={AUTO_CATEGORY}>Detect automatically</Select.Item>
              <Select.Separator />
              {CATEGORY_IDS.map((id) => (
                <Select.Item key={id} value={id}>
                  {categoryLabel(id)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <Flex gap="2">
          <Button variant="soft" color="gray" onClick={onClear}>
            Clear
          </Button>
          <Button onClick={onUpload}>Upload {formatCount(staged.length, 'file')}</Button>
        </Flex>
      </Flex>
    </section>
  );
}
