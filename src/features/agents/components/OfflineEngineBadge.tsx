/**
 * Shown once per chat, beside its title, when its replies came from the built-in offline engine:
 * the replies themselves are only the answer, so this is where a reader learns Mosaic's built-in
 * writer wrote them, and where an owner or admin finds how to connect a model — in plain words,
 * with a link to where it is chosen; the server's set-up is not a marketer's concern.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Flex, Link, Popover, Text } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { authState } from '../../../session';
import { isOfflineEngine } from '../../../contract/agents';
import { isOrgManagerRole } from '../../../contract/auth';

export function chatUsesOfflineEngine(messages: readonly { role: string; engine?: string | null }[]): boolean {
  return messages.some((message) => message.role === 'assistant' && isOfflineEngine(message.engine));
}

export function OfflineEngineBadge({ slug }: { slug: string }) {
  const { user } = useSnapshot(authState);
  const canConfigure = isOrgManagerRole(user?.role);
  return (
    <Popover.Root>
      <Popover.Trigger>
        <Button size="1" variant="soft" color="gray" className="offline-badge" aria-label="Offline engine: about these answers">
          <InfoCircledIcon aria-hidden="true" /> <span className="offline-badge__label">Offline engine</span>
        </Button>
      </Popover.Trigger>
      <Popover.Content maxWidth="340px" size="1" aria-label="About these answers">
        <Flex direction="column" gap="2">
          <Badge color="gray" variant="soft" style={{ alignSelf: 'start' }}>
            Written by Mosaic
          </Badge>
          <Text as="p" size="2">
            These answers are written by Mosaic&apos;s built-in writer from your knowledge base, brand voice and analytics. No AI model is connected yet.
          </Text>
          {canConfigure ? (
            <Text as="p" size="2" color="gray">
              To have an AI model write them, choose one in{' '}
              <Link asChild>
                <RouterLink to={`/agents/${encodeURIComponent(slug)}/configure`}>this agent&apos;s configuration</RouterLink>
              </Link>
              . If none is offered there, ask whoever runs your Mosaic installation to connect one.
            </Text>
          ) : (
            <Text as="p" size="2" color="gray">
              Your organisation&apos;s owners and admins can connect an AI model.
            </Text>
          )}
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}
