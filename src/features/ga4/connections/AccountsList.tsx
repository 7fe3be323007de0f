import { Badge, Flex, Text } from '@radix-ui/themes';
import { formatDate } from '../../../contract/format';
import type { Ga4Account } from '../../../contract/ga4';
import { ga4CodeMessage } from './ga4-errors';
import { DemoBadge } from './DemoBadge';
import { RemoveAccountButton } from './RemoveAccountButton';

/** Connected Google accounts: email, demo marker, error state, remove. */
export function AccountsList({ accounts }: { accounts: readonly Ga4Account[] }) {
  return (
    <ul className="ga4-list" aria-label="Connected accounts">
      {accounts.map((account) => (
        <li key={account.id}>
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Flex direction="column" gap="1" minWidth="0">
              <Flex align="center" gap="2" wrap="wrap">
                <Text size="2" weight="medium" truncate>
                  {account.email}
                </Text>
                {account.is_demo ? <DemoBadge /> : null}
                {account.auth_error ? (
                  <Badge color="red" variant="soft">
                    Needs reconnecting
                  </Badge>
                ) : null}
              </Flex>
              {account.auth_error ? (
                <Text size="1" color="red">
                  {ga4CodeMessage(account.auth_error) ?? account.auth_error}
                </Text>
              ) : (
                <Text size="1" color="gray">
                  Connected {formatDate(account.created_at)}
                </Text>
              )}
            </Flex>
            <RemoveAccountButton account={account} />
          </Flex>
        </li>
      ))}
    </ul>
  );
}
