import { useState, type FormEvent } from 'react';
import { Button, Flex, TextField } from '@radix-ui/themes';
import { Select } from '../../../ui/Select';
import { AUDIT_ACTION_LABELS, type AuditFilters } from '../../../contract/audit';
import { FormField } from '../../../ui/FormField';
import { SearchField } from '../../../ui/SearchField';

const ALL = 'all';

const AREA_LABELS: Record<string, string> = {
  auth: 'Sign-in',
  account: 'Accounts',
  members: 'Members',
  invites: 'Invites',
  join_requests: 'Join requests',
  org: 'Organisation',
  brand_voice: 'Brand voice',
  sso: 'Single sign-on',
  spaces: 'Spaces',
  chats: 'Chats',
  credits: 'Credits',
  payments: 'Payments',
  admin: 'Mosaic staff actions',
};

/** Actions grouped by area, in the label table's order. */
const GROUPS = Object.keys(AUDIT_ACTION_LABELS).reduce<Map<string, string[]>>((groups, action) => {
  const area = action.split('.')[0] ?? action;
  groups.set(area, [...(groups.get(area) ?? []), action]);
  return groups;
}, new Map());

interface AuditFiltersFormProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** Platform admins filter by organisation too. */
  withOrganisation: boolean;
  idPrefix: string;
}

const clean = (filters: AuditFilters): AuditFilters =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as AuditFilters;

/**
 * The log's filters. The action applies at once; the text and date fields on Apply (or Enter), so
 * typing does not fire a request per key. Clear empties them all.
 */
export function AuditFiltersForm({ filters, onChange, withOrganisation, idPrefix }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  // Filters applied from elsewhere (a signal card, Clear, the address): the form shows them.
  const [shownFilters, setShownFilters] = useState(filters);
  if (filters !== shownFilters) {
    setShownFilters(filters);
    setDraft(filters);
  }
  const set = (field: keyof AuditFilters, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(clean(draft));
  };
  const backwards = Boolean(draft.from && draft.to && draft.from > draft.to);
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <form onSubmit={submit} aria-label="Filter the activity log" className="audit-filters">
      <FormField label="Action" htmlFor={id('action')}>
        <Select.Root value={draft.action ?? ALL} onValueChange={(value) => onChange(clean({ ...draft, action: value === ALL ? '' : value }))}>
          <Select.Trigger id={id('action')} className="audit-filters__select" />
          <Select.Content position="popper">
            <Select.Item value={ALL}>All actions</Select.Item>
            {[...GROUPS].map(([area, actions]) => (
              <Select.Group key={area}>
                <Select.Separator />
                <Select.Label>{AREA_LABELS[area] ?? area}</Select.Label>
                <Select.Item value={area}>Everything in {AREA_LABELS[area] ?? area}</Select.Item>
                {actions.map((action) => (
                  <Select.Item key={action} value={action}>
                    {AUDIT_ACTION_LABELS[action]}
                  </Select.Item>
                ))}
              </Select.Group>
            ))}
          </Select.Content>
        </Select.Root>
      </FormField>
      <FormField label="Who" htmlFor={id('actor')}>
        <SearchField id={id('actor')} placeholder="Email or part of one" value={draft.actor ?? ''} onChange={(event) => set('actor', event.target.value)} />
      </FormField>
      {withOrganisation ? (
        <FormField label="Organisation" htmlFor={id('organization')}>
          <TextField.Root id={id('organization')} placeholder="Name or part of one" value={draft.organization ?? ''} onChange={(event) => set('organization', event.target.value)} />
        </FormField>
      ) : null}
      <FormField label="From" htmlFor={id('from')}>
        <TextField.Root id={id('from')} type="date" value={draft.from ?? ''} onChange={(event) => set('from', event.target.value)} />
      </FormField>
      <FormField label="To" htmlFor={id('to')} error={backwards ? 'From must be on or before To' : undefined}>
        <TextField.Root id={id('to')} type="date" value={draft.to ?? ''} onChange={(event) => set('to', event.target.value)} />
      </FormField>
      <Flex gap="2" align="end" className="audit-filters__buttons">
        <Button type="submit" disabled={backwards}>
          Apply
        </Button>
        <Button type="button" variant="soft" color="gray" onClick={() => onChange({})}>
          Clear
        </Button>
      </Flex>
    </form>
  );
}
