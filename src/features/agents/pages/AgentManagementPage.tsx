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
import { PromptTemplatesSection } from '../templates/PromptTemplatesSection';
import '../agents.css';

export default function AgentManagementPage() {
  useAgentsData();
  const { agents, agentsError } = useSnapshot(agentsState);
  return (
    <Page>
      <PageHeader title="Agent Configuration" description="Settings and document access for each agent in this space, and the prompt templates of your organisation." />
      {agentsError && agents.length === 0 ? (
        <Text color="red" role="alert">
          {agentsError}
        </Text>
      ) : null}
      <Flex direction="column" gap="3">
        {agents.map((agent) => (
          <Card key={agent.slug} size="2" className="agent-card card-link-area">
            <Flex align="center" gap="3">
              <AgentIcon slug={agent.slug} size={36} />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Heading as="h2" size="3">
                  <RouterLink className="card-link" to={`/agents/${encodeURIComponent(agent.slug)}/configure`} aria-label={`Configure ${agent.name}`}>
                    {agent.name}
                  </RouterLink>
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
          </Card>
        ))}
      </Flex>
      <Box mt="6">
        <PromptTemplatesSection />
      </Box>
    </Page>
  );
}
