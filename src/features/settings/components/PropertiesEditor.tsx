import { Button, Flex, IconButton, RadioGroup, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { ORG_PROPERTIES_MAX } from '../../../contract/organization';
import {
  addProperty,
  makeDefault,
  removeProperty,
  renameProperty,
  type DraftProblems,
  type OrganizationDraft,
} from '../organization-draft';

interface PropertiesEditorProps {
  draft: OrganizationDraft;
  problems: DraftProblems | null;
  onChange: (draft: OrganizationDraft) => void;
}

/** The organisation's properties: a name each, one chosen as the default, added and removed in place. */
export function PropertiesEditor({ draft, problems, onChange }: PropertiesEditorProps) {
  const defaultKey = draft.properties.find((property) => property.isDefault)?.key ?? '';
  return (
    <Flex direction="column" gap="2">
      <Text as="div" size="2" weight="medium" id="org-properties-label">
        Properties
      </Text>
      <Text as="p" size="1" color="gray" id="org-properties-hint">
        The brands, websites or products your team markets. The default is the one assumed when nobody names another.
      </Text>
      {draft.properties.length > 0 ? (
        <RadioGroup.Root
          value={defaultKey}
          onValueChange={(key) => onChange(makeDefault(draft, key))}
          aria-labelledby="org-properties-label"
          aria-describedby="org-properties-hint"
        >
          <ul className="plain-list" aria-label="Properties">
            {draft.properties.map((property, index) => {
              const label = property.name.trim() || `property ${index + 1}`;
              const problem = problems?.properties[property.key];
              const inputId = `org-property-${property.key}`;
              return (
                <li key={property.key}>
                  <Flex gap="2" align="center" py="1" wrap="wrap">
                    <TextField.Root
                      id={inputId}
                      aria-label={`Property ${index + 1} name`}
                      value={property.name}
                      placeholder="e.g. acme.com"
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? `${inputId}-error` : undefined}
                      onChange={(event) => onChange(renameProperty(draft, property.key, event.target.value))}
                      style={{ flex: '1 1 180px', minWidth: 0 }}
                    />
                    <Text as="label" size="2">
                      <Flex gap="2" align="center">
                        <RadioGroup.Item value={property.key} aria-label={`Make ${label} the default`} />
                        Default
                      </Flex>
                    </Text>
                    <IconButton
                      type="button"
                      variant="ghost"
                      color="red"
                      aria-label={`Remove ${label}`}
                      onClick={() => onChange(removeProperty(draft, property.key))}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Flex>
                  {problem ? (
                    <Text id={`${inputId}-error`} size="1" color="red" role="alert">
                      {problem}
                    </Text>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </RadioGroup.Root>
      ) : (
        <Text size="2" color="gray">
          No properties yet.
        </Text>
      )}
      {problems?.list ? (
        <Text size="1" color="red" role="alert">
          {problems.list}
        </Text>
      ) : null}
      <Flex>
        <Button
          type="button"
          variant="soft"
          disabled={draft.properties.length >= ORG_PROPERTIES_MAX}
          onClick={() => onChange(addProperty(draft))}
        >
          <PlusIcon /> Add property
        </Button>
      </Flex>
    </Flex>
  );
}
