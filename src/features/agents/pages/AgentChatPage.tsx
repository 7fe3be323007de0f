/** One agent's landing page: a start box, starter prompts and the recent chats with it. */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Badge, Box, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import { Page } from '../../../ui/Page';
import { useSessions } from '../agents.queries';
import { agentsState } from '../agents.store';
import type { ChatMode } from '../../../contract/chat';
import { chatState, newChatKey, sendMessage } from '../chat.store';
import { AgentIcon } from '../components/AgentIcon';
import { Composer } from '../components/Composer';
import { SessionList } from '../components/SessionList';
import { displayName, useAgentsData } from '../useAgentsData';
import '../agents.css';

export default function AgentChatPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { spaceId } = useAgentsData();
  const { agents, agentsError } = useSnapshot(agentsState);
  const chats = useSnapshot(chatState);
  const sessions = useSessions(spaceId, slug) ?? [];
  const agent = agents.find((entry) => entry.slug === slug);
  const name = displayName(slug, agents);
  const [mode, setMode] = useState<ChatMode>('normal');
  const [preset, setPreset] = useState<string | null>(null);
  const live = chats.sessions[newChatKey(slug)];
  const unknown = agents.length > 0 && !agent;

  const send = async (text: string) => {
    try {
      const accepted = await sendMessage({ slug, sessionId: null, text, mode });
      navigate(`/agents/${encodeURIComponent(slug)}/chat/${encodeURIComponent(accepted.session_id)}`);
    } catch (error) {
      toast.error((error as Error).message);
      throw error;
    }
  };

  if (unknown) {
    return (
      <Page>
        <Callout.Root color="red">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{agentsError ?? 'This agent is not available in your current space.'}</Callout.Text>
        </Callout.Root>
      </Page>
    );
  }

  return (
    <Page wide>
      <Flex gap="4" align="center" mb="5">
        <AgentIcon slug={slug} size={52} />
        <Box>
          <Flex align="center" gap="2">
            <Heading as="h1" size="6">
              {name}
            </Heading>
            {agent ? (
              <Badge variant="soft" color={agent.engine === 'offline' ? 'gray' : 'green'}>
                {agent.engine === 'offline' ? 'Offline engine' : agent.engine_model}
              </Badge>
            ) : null}
          </Flex>
          <Text as="p" size="2" color="gray" mt="1">
            {agent?.tagline ?? `Chat with ${name}.`}
          </Text>
        </Box>
      </Flex>
      <div className="agent-landing">
        <Flex direction="column" gap="4">
          <Card size="3">
            <Heading as="h2" size="3" mb="3">
              Start a new chat
            </Heading>
            <Composer
              draftKey={newChatKey(slug)}
              spaceId={spaceId}
              agentName={name}
              busy={live?.status === 'sending'}
              waiting={false}
              mode={mode}
              onModeChange={setMode}
              onSend={send}
              preset={preset}
              autoFocus
            />
            {live?.error ? (
              <Text as="p" size="2" color="red" mt="2" role="alert">
                {live.error}
              </Text>
            ) : null}
          </Card>
          {agent && agent.starters.length > 0 ? (
            <Box>
              <Text as="p" size="2" weight="medium" mb="2">
                Try asking
              </Text>
              <div className="starter-chips">
                {agent.starters.map((starter) => (
                  <Button key={starter} variant="surface" color="gray" radius="full" className="starter-chip" onClick={() => setPreset(`${starter}`)}>
                    {starter}
                  </Button>
                ))}
              </div>
            </Box>
          ) : null}
          {agent ? (
            <Text as="p" size="1" color="gray">
              Answers follow this shape: {agent.sections.join(' · ')}.
            </Text>
          ) : null}
        </Flex>
        <Card size="2">
          <Heading as="h2" size="3" mb="2">
            Recent chats
          </Heading>
          <SessionList sessions={sessions.slice(0, 20)} slug={slug} locked={live?.status === 'sending'} />
        </Card>
      </div>
    </Page>
  );
}
