import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { EnvelopeClosedIcon } from '@radix-ui/react-icons';
import type { User } from '../../../contract/auth';
import { isAdminRole } from '../../../contract/auth';
import type { OrgContact } from '../../../contract/orgs';
import { fetchOrgContacts } from '../contacts.api';

const ROLE_LABEL = { org_owner: 'Owner', org_admin: 'Admin' } as const;

function ContactList({ contacts }: { contacts: OrgContact[] }) {
  return (
    <ul className="plain-list" aria-label="Owners and admins">
      {contacts.map((contact) => (
        <li key={contact.email}>
          <Flex align="center" gap="2" py="1" wrap="wrap">
            <Text size="2" weight="medium">
              {contact.name}
            </Text>
            <Badge color={contact.role === 'org_owner' ? 'iris' : 'blue'}>{ROLE_LABEL[contact.role]}</Badge>
            <Link size="2" href={`mailto:${contact.email}`} className="standalone-link">
              <Flex asChild align="center" gap="1" display="inline-flex">
                <span>
                  <EnvelopeClosedIcon aria-hidden="true" /> {contact.email}
                </span>
              </Flex>
            </Link>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/**
 * Whom to ask, by name: the organisation's owners and admins with their addresses. An owner is
 * told what they can do themselves and who else shares the work, never to "contact an administrator".
 */
export function ContactPeople({ user }: { user: User }) {
  const [contacts, setContacts] = useState<OrgContact[] | null>(null);
  const [failed, setFailed] = useState(false);
  const inOrganisation = !isAdminRole(user.role) && user.org_id !== null;

  useEffect(() => {
    if (!inOrganisation) return;
    let current = true;
    fetchOrgContacts()
      .then((list) => current && setContacts(list))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [inOrganisation]);

  if (!inOrganisation) {
    return (
      <Section>
        <Text as="p" size="2" color="gray">
          You are a platform admin: organisations&apos; owners and admins are listed in the admin area under Organisations.
        </Text>
      </Section>
    );
  }
  const others = (contacts ?? []).filter((contact) => contact.email.toLowerCase() !== user.email.toLowerCase());
  const owner = user.role === 'org_owner';
  return (
    <Section>
      <Text as="p" size="2" color="gray" mb="2">
        {owner
          ? 'You are an owner: you change roles and invite people in Organisation Admin → Manage Users, and manage spaces and sign-in in Workspace Settings.'
          : 'For a new role, access to a space, more credits or anything about your organisation, ask an owner or admin:'}
      </Text>
      {failed ? (
        <Text as="p" size="2" color="red" role="alert">
          The list of owners and admins could not be loaded. Check your connection and open this page again.
        </Text>
      ) : contacts === null ? (
        <Text as="p" size="2" color="gray" role="status">
          Loading owners and admins…
        </Text>
      ) : others.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {owner ? 'You are the only owner or admin. Make someone an admin in Manage Users to share the work.' : 'Your organisation has no other owners or admins.'}
        </Text>
      ) : (
        <>
          {owner ? (
            <Text as="p" size="2" color="gray" mb="1">
              Others who manage your organisation:
            </Text>
          ) : null}
          <ContactList contacts={others} />
        </>
      )}
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="help-contact-heading">
      <Heading as="h3" size="3" id="help-contact-heading" mb="2">
        Contact your organisation
      </Heading>
      {children}
    </section>
  );
}
