import { Flex, RadioCards, Text } from '@radix-ui/themes';

export type OrganisationChoiceValue = 'join_existing' | 'create_new';

interface OrganisationChoiceProps {
  organizationName: string;
  value: OrganisationChoiceValue;
  onChange: (value: OrganisationChoiceValue) => void;
}

/** Offered when the email's domain already belongs to an organisation. */
export function OrganisationChoice({ organizationName, value, onChange }: OrganisationChoiceProps) {
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" id="organisation-choice-label">
        Your email domain already belongs to <Text weight="bold">{organizationName}</Text>.
      </Text>
      <RadioCards.Root
        value={value}
        onValueChange={(next) => onChange(next as OrganisationChoiceValue)}
        columns={{ initial: '1', xs: '2' }}
        aria-labelledby="organisation-choice-label"
        size="1"
      >
        <RadioCards.Item value="join_existing">
          <Flex direction="column" width="100%">
            <Text weight="bold">Join {organizationName}</Text>
            <Text size="1" color="gray">
              An admin approves your request.
            </Text>
          </Flex>
        </RadioCards.Item>
        <RadioCards.Item value="create_new">
          <Flex direction="column" width="100%">
            <Text weight="bold">Create a new organisation</Text>
            <Text size="1" color="gray">
              Start your own workspace.
            </Text>
          </Flex>
        </RadioCards.Item>
      </RadioCards.Root>
    </Flex>
  );
}
