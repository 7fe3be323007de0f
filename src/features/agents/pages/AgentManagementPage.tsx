/** Agent Configuration: every agent with the engine it uses here, linking to its configuration. */
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { ChevronRightIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { agentsState } from '../agents.store';
import { AgentIcon } from '../components/AgentIcon';
import { useAgentsData } from '../useAgentsData';
import '../agents.css';

export default function AgentManagementPage() {
  useAgentsData();
  const { agents, agentsError } = useSnapshot(agentsState);
  return (
    <Page>
      <PageHeader title="Agent Configuration" description="Settings and document access for each agent in this space." />
      {agentsError && agents.length === 0 ? (
        <Text color="red" role="alert">
          {agentsError}
        </Text>
      ) : null}
      <Flex direction="column" gap="3">
        {agents.map((agent) => (
          <Card key={agent.slug} asChild size="2">
            <RouterLink to={`/agents/${encodeURIComponent(agent.slug)}/configure`} className="agent-card" aria-label={`Configure ${agent.name}`}>
              <Flex align="center" gap="3">
                <AgentIcon slug={agent.slug} size={36} />
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Heading as="h2" size="3">
                    {agent.name}
                  </Heading>
                  <Text size="2" color="gray">
                    {agent.tagline}
                  </Text>
                </Box>
                <Badge variant="soft" color={agent.engine === 'offline' ? 'gray' : 'green'}>
                  {agent.engine === 'offline' ? 'Offline engine' : agent.engine_model}
                </Badge>
                <ChevronRightIcon />
              </Flex>
            </RouterLink>
          </Card>
        ))}
      </Flex>
    </Page>
  );
}
