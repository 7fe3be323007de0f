import { Card, Flex, Heading, Separator, Text } from '@radix-ui/themes';
import type { User } from '../../../contract/auth';
import { EmailChangeForm } from './EmailChangeForm';
import { NameForm } from './NameForm';
import { PasswordChangeForm } from './PasswordChangeForm';

/** Name, email and password of the signed-in person. */
export function AccountCard({ user }: { user: Pick<User, 'name' | 'email'> }) {
  return (
    <Card size="3" className="surface-card" aria-labelledby="account-heading">
      <Heading as="h2" size="4" id="account-heading" mb="4">
        Account
      </Heading>
      <Flex direction="column" gap="5">
        <NameForm name={user.name} />
        <Separator size="4" />
        <Flex direction="column" gap="2">
          <Heading as="h3" size="3">
            Email
          </Heading>
          <Text size="2" color="gray">
            We email a link to the new address; your email changes when you use it, and {user.email} is told.
          </Text>
          <EmailChangeForm email={user.email} />
        </Flex>
        <Separator size="4" />
        <Flex direction="column" gap="2">
          <Heading as="h3" size="3">
            Password
          </Heading>
          <PasswordChangeForm />
        </Flex>
      </Flex>
    </Card>
  );
}
