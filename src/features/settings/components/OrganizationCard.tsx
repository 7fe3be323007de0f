import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Flex, Heading, Skeleton, Text, TextField } from '@radix-ui/themes';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { FormField } from '../../../ui/FormField';
import type { Organization } from '../../../contract/organization';
import { draftOf, isChanged, problemsOf, toInput, type OrganizationDraft } from '../organization-draft';
import { organizationStore } from '../organization.store';
import { PropertiesEditor } from './PropertiesEditor';
import { FormAlert } from '../../../ui/FormAlert';

interface OrganizationCardProps {
  /** Owners edit; everyone else reads (the server enforces the same rule). */
  canEdit: boolean;
}

function ReadOnlyOrganization({ organization }: { organization: Organization }) {
  return (
    <Flex direction="column" gap="2">
      <Text size="2">
        <Text weight="medium">Name:</Text> {organization.name}
      </Text>
      {organization.properties.length === 0 ? (
        <Text size="2" color="gray">
          No properties yet.
        </Text>
      ) : (
        <ul className="plain-list" aria-label="Properties">
          {organization.properties.map((property) => (
            <li key={property.id}>
              <Flex gap="2" align="center" py="1">
                <Text size="2">{property.name}</Text>
                {property.isDefault ? <Badge color="iris">Default</Badge> : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
      <Text size="1" color="gray">
        Only organisation owners can change the organisation&apos;s name and properties.
      </Text>
    </Flex>
  );
}

/** Workspace Settings: the organisation's name and properties (GET/PUT /settings/org). */
export function OrganizationCard({ canEdit }: OrganizationCardProps) {
  const { value: organization, loading, saving, loadError } = useSnapshot(organizationStore.state);
  // The working copy; null until the user edits, so a reload shows the server's copy.
  const [draft, setDraft] = useState<OrganizationDraft | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    void organizationStore.load();
  }, []);

  const saved = organization as Organization | null;
  const shown = draft ?? (saved ? draftOf(saved) : null);
  // Rules are shown as soon as the user edits, before anything is sent.
  const problems = draft ? problemsOf(draft) : null;
  const changed = Boolean(draft && saved && isChanged(draft, saved));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaveError(null);
    if (problemsOf(draft)) return;
    try {
      await organizationStore.save(toInput(draft));
      setDraft(null);
      toast.success('Organisation settings saved');
    } catch (error) {
      // The edit stays on screen so nothing is lost.
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Card size="3" className="surface-card" aria-labelledby="organization-heading">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="organization-heading">
          Organisation
        </Heading>
        {loadError ? (
          <FormAlert tone="error" size="2">{loadError}</FormAlert>
        ) : null}
        <Skeleton loading={loading && !saved}>
          {!shown || !saved ? (
            <Text size="2" color="gray">
              {loadError ? 'The organisation settings could not be shown.' : 'Loading organisation settings…'}
            </Text>
          ) : !canEdit ? (
            <ReadOnlyOrganization organization={saved} />
          ) : (
            <form onSubmit={(event) => void save(event)} noValidate>
              <Flex direction="column" gap="4">
                <FormField label="Organisation name" htmlFor="org-name" error={problems?.name}>
                  <TextField.Root
                    id="org-name"
                    value={shown.name}
                    autoComplete="organization"
                    aria-invalid={problems?.name ? true : undefined}
                    aria-describedby={problems?.name ? 'org-name-error' : undefined}
                    onChange={(event) => setDraft({ ...shown, name: event.target.value })}
                  />
                </FormField>
                <PropertiesEditor draft={shown} problems={problems} onChange={setDraft} />
                {saveError ? (
                  <Text size="2" color="red" role="alert">
                    {saveError}
                  </Text>
                ) : null}
                <Flex gap="2" justify="end" wrap="wrap">
                  <Button
                    type="button"
                    variant="soft"
                    color="gray"
                    disabled={!draft || saving}
                    onClick={() => {
                      setDraft(null);
                      setSaveError(null);
                                    }}
                  >
                    Discard
                  </Button>
                  <NetworkRequiredTooltip>
                    {({ disabled }) => (
                      <Button type="submit" disabled={disabled || !changed || Boolean(problems) || saving} loading={saving}>
                        Save organisation
                      </Button>
                    )}
                  </NetworkRequiredTooltip>
                </Flex>
              </Flex>
            </form>
          )}
        </Skeleton>
      </Flex>
    </Card>
  );
}
