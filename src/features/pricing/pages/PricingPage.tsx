import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { CheckIcon, RocketIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { Logo } from '../../../ui/Logo';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { authState } from '../../auth/auth.store';

/** Free plan terms (spec 001 §9). */
const FREE_TRIAL_DAYS = 14;
const FREE_TRIAL_CREDITS = 3000;

const FREE_FEATURES = [
  `${FREE_TRIAL_CREDITS.toLocaleString('en')} credits for AI agent chats`,
  'Knowledge base with document search',
  'Google Analytics dashboard',
  'Spaces for each brand or campaign',
];

/** Plans. Public: people read it before they have an account. */
export default function PricingPage() {
  const { status } = useSnapshot(authState);
  const signedIn = status === 'AUTHENTICATED';
  const content = (
    <Page>
      <PageHeader title="Pricing" description="Every organisation starts with a free trial." />
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <Card size="3" className="surface-card">
          <Flex direction="column" gap="3">
            <Flex justify="between" align="center">
              <Heading as="h2" size="5">
                Free trial
              </Heading>
              <Badge radius="full">{FREE_TRIAL_DAYS} days</Badge>
            </Flex>
            <Text size="2" color="gray">
              Try Mosaic with your team, no payment details needed.
            </Text>
            <Flex direction="column" gap="2" asChild>
              <ul className="plain-list">
                {FREE_FEATURES.map((feature) => (
                  <li key={feature}>
                    <Flex gap="2" align="center">
                      <CheckIcon color="var(--accent-11)" />
                      <Text size="2">{feature}</Text>
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
            <Button asChild size="3" mt="2">
              <RouterLink to={signedIn ? '/credits' : '/register'}>
                <RocketIcon /> {signedIn ? 'View your credits' : 'Start free trial'}
              </RouterLink>
            </Button>
          </Flex>
        </Card>
        <Card size="3" className="surface-card">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="5">
              Paid plans
            </Heading>
            <Text size="2" color="gray">
              More credits and longer access for growing teams. Upgrades are handled by your organisation owner or
              admin from the Credits screen.
            </Text>
          </Flex>
        </Card>
      </Grid>
    </Page>
  );
  if (signedIn) return content;
  return (
    <Box className="public-page">
      <Flex className="public-header" justify="between" align="center" px="5" py="3">
        <RouterLink to="/login" className="sidebar-logo" aria-label="Mosaic">
          <Logo size={28} />
          <Text size="4" weight="bold">
            Mosaic
          </Text>
        </RouterLink>
        <Flex gap="2" align="center">
          <Button asChild variant="soft" color="gray">
            <RouterLink to="/login">Sign in</RouterLink>
          </Button>
          <Button asChild>
            <RouterLink to="/register">Create account</RouterLink>
          </Button>
        </Flex>
      </Flex>
      {content}
    </Box>
  );
}
