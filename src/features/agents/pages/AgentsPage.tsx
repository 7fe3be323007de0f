import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Link, Skeleton, Text } from '@radix-ui/themes';
import { ChatBubbleIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { isOrgManagerRole } from '../../../contract/auth';
import { authState } from '../../../session';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { useSessions } from '../agents.queries';
import { agentsState, loadAgents } from '../agents.store';
import { AgentIcon } from '../components/AgentIcon';
import { useAgentsData } from '../useAgentsData';
import '../agents.css';
import { formatCount } from '../../../contract/format';

const TOOL_LABELS: Record<string, string> = { knowledge_search: 'Knowledge base', analytics_report: 'Analytics' };

/** AI Agents: the six specialists, each with its chat history in this space. */
export default function AgentsPage() {
  const { spaceId } = useAgentsData();
  const { agents, agentsLoading, agentsError } = useSnapshot(agentsState);
  const sessions = useSessions(spaceId);
  const countFor = (slug: string) => sessions?.filter((session) => session.agentSlug === slug).length ?? 0;
  const offlineEngine = agents.length > 0 && agents.every((agent) => agent.engine === 'offline');
  // Where a model is chosen is for those who can choose one; everyone reads who wrote the answers.
  const canConfigure = isOrgManagerRole(useSnapshot(authState).user?.role);

  return (
    <Page wide>
      <PageHeader title="AI Agents" description="Specialist assistants for your marketing work, grounded in your knowledge base." />
      {agentsError && agents.length === 0 ? (
        <Callout.Root color="red" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {/* One full stop: some reasons end with their own. */}
            {agentsError.replace(/\.?$/, '.')}{' '}
            <Button size="1" variant="ghost" onClick={() => void loadAgents()}>
              Try again
            </Button>
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {offlineEngine ? (
        <Callout.Root color="gray" variant="surface" mb="4">
          <Callout.Text>
            Answers are written by Mosaic&apos;s built-in writer from your knowledge base, brand voice and analytics.{' '}
            {canConfigure ? (
              <>
                To have an AI model write them, choose one in{' '}
                <Link asChild>
                  <RouterLink to="/agents/manage">Agent Configuration</RouterLink>
                </Link>
                .
              </>
            ) : (
              "Your organisation's owners and admins can connect an AI model."
            )}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <div className="agent-grid">
        {agents.length === 0 && agentsLoading
          ? Array.from({ length: 6 }, (_, index) => (
              <Card key={index} size="3">
                <Skeleton height="140px" />
              </Card>
            ))
          : agents.map((agent) => (
              <Card key={agent.slug} size="3" className="agent-card card-link-area">
                <Flex gap="3" align="center">
                  <AgentIcon slug={agent.slug} size={44} />
                  <Box>
                    <Heading as="h2" size="4">
                      <RouterLink className="card-link" to={`/agents/${encodeURIComponent(agent.slug)}`} aria-label={`${agent.name}: ${agent.tagline}`}>
                        {agent.name}
                      </RouterLink>
                    </Heading>
                    <Text size="1" color="gray">
                      {formatCount(countFor(agent.slug), 'conversation')}
                    </Text>
                  </Box>
                </Flex>
                <Text as="p" size="2" color="gray">
                  {agent.tagline}
                </Text>
                <Flex className="agent-card__footer" justify="between" align="center" gap="2" wrap="wrap">
                  <Flex gap="1" wrap="wrap">
                    {agent.tools.map((tool) => (
                      <Badge key={tool} variant="soft" color="gray" size="1">
                        {TOOL_LABELS[tool] ?? tool}
                      </Badge>
                    ))}
                  </Flex>
                  <Text size="2" color="iris" weight="medium">
                    <Flex align="center" gap="1" asChild>
                      <span>
                        <ChatBubbleIcon /> Chat
                      </span>
                    </Flex>
                  </Text>
                </Flex>
              </Card>
            ))}
      </div>
    </Page>
  );
}
