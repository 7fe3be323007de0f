/**
 * A shared chat (`/share/<token>`; docs/agents.md "Share links"): outside the signed-in app, for
 * anyone with the link. Only the conversation: its title, the agent, the messages with their
 * sources' names and words — no sidebar, no other chats, no people. Never indexed (the server
 * sends X-Robots-Tag; the page adds its robots meta for crawlers that read the page). A revoked
 * link or a deleted chat is a "not available" page (the server answers the page with 404 too).
 */
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Badge, Box, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { LockClosedIcon } from '@radix-ui/react-icons';
import { ApiError } from '../../../api';
import type { SharedChatDto, SharedCitationDto, SharedMessageDto } from '../../../contract/chat-shares';
import { SHARE_TEXTS } from '../../../contract/chat-shares';
import { formatDate, formatDateTime } from '../../../contract/format';
import { Logo } from '../../../ui/Logo';
import { LazyMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { sharedChatApi } from '../share.api';
import '../../agents/agents.css';
import '../../agents/citations/citations.css';
import '../share.css';

type Load = { state: 'loading' } | { state: 'ready'; chat: SharedChatDto } | { state: 'gone' } | { state: 'failed'; message: string };

/** `<meta name="robots" content="noindex, nofollow">` while the page is shown. */
function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

function SharedReply({ message }: { message: SharedMessageDto }) {
  const byNumber = useMemo(() => new Map(message.citations.map((citation) => [citation.n, citation])), [message.citations]);
  const cited = message.citations.filter((citation) => citation.cited).sort((a, b) => a.n - b.n);
  const renderCitation = (n: number) => {
    const citation = byNumber.get(n);
    return (
      <span className="citation-marker" title={citation?.filename}>
        <span className="visually-hidden">[</span>
        {n}
        <span className="visually-hidden">]</span>
      </span>
    );
  };
  return (
    <>
      <LazyMarkdown text={message.content} citationNumbers={[...byNumber.keys()]} renderCitation={renderCitation} />
      {cited.length > 0 ? <SharedSources citations={cited} /> : null}
    </>
  );
}

function SharedSources({ citations }: { citations: SharedCitationDto[] }) {
  return (
    <section className="reply-sources" aria-label="Sources">
      <Text as="p" size="1" weight="bold" color="gray" className="reply-sources__title">
        Sources
      </Text>
      <ol className="reply-sources__list">
        {citations.map((citation) => (
          <li key={citation.n} className="reply-source reply-source--static">
            <span className="reply-source__n" aria-hidden="true">
              {citation.n}
            </span>
            <span className="reply-source__body">
              <span className="reply-source__name">
                <span className="reply-source__file">{citation.filename}</span>
              </span>
              <span className="reply-source__excerpt">{citation.excerpt}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function SharedChatPage() {
  const { token = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useNoIndex();

  useEffect(() => {
    const controller = new AbortController();
    sharedChatApi.view(token, controller.signal).then(
      (chat) => setLoad({ state: 'ready', chat }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ state: 'gone' });
        else setLoad({ state: 'failed', message: error instanceof Error ? error.message : 'Request failed' });
      },
    );
    return () => controller.abort();
  }, [token]);

  useEffect(() => {
    document.title = load.state === 'ready' ? `${load.chat.title} · Shared chat · Mosaic` : 'Shared chat · Mosaic';
  }, [load]);

  return (
    <div className="shared-page">
      <header className="shared-page__bar">
        <Flex align="center" gap="2">
          <Logo size={24} />
          <Text weight="bold">Mosaic</Text>
        </Flex>
        <Badge color="gray" variant="soft">
          <LockClosedIcon aria-hidden="true" /> Read-only shared chat
        </Badge>
      </header>
      <Box className="shared-page__content">
        {load.state === 'loading' ? (
          <Flex align="center" gap="2" p="6" role="status">
            <Spinner /> <Text>Loading the shared chat…</Text>
          </Flex>
        ) : load.state === 'gone' ? (
          <Card size="3" className="shared-page__notice" data-testid="shared-chat-gone">
            <Heading as="h1" size="5" mb="2">
              This shared chat is not available
            </Heading>
            <Text as="p" size="2" color="gray" mb="4">
              {SHARE_TEXTS.notFound} Ask the person who shared it for a new link.
            </Text>
            <Button asChild variant="soft">
              <a href="/">Go to Mosaic</a>
            </Button>
          </Card>
        ) : load.state === 'failed' ? (
          <Card size="3" className="shared-page__notice" role="alert">
            <Heading as="h1" size="5" mb="2">
              The shared chat could not be loaded
            </Heading>
            <Text as="p" size="2" color="gray">
              {load.message}. Check your connection and reload the page.
            </Text>
          </Card>
        ) : (
          <article aria-labelledby="shared-title" data-testid="shared-chat">
            <Heading as="h1" size="6" id="shared-title" mb="1" className="shared-page__title">
              {load.chat.title}
            </Heading>
            <Text as="p" size="2" color="gray" mb="5">
              A conversation with the {load.chat.agent_name} agent, shared {formatDate(load.chat.shared_at)}.
            </Text>
            <h2 className="visually-hidden">Messages</h2>
            <ol className="shared-page__messages">
              {load.chat.messages.map((message, index) =>
                message.role === 'user' ? (
                  <li key={index} className="chat-message chat-message--user">
                    <div className="chat-bubble chat-bubble--user">
                      <Text as="p" size="2" className="chat-bubble__text">
                        {message.content}
                      </Text>
                    </div>
                    <Text size="1" color="gray" className="chat-message__meta">
                      {formatDateTime(message.created_at)}
                    </Text>
                  </li>
                ) : (
                  <li key={index} className="chat-message chat-message--assistant">
                    <div className="chat-bubble chat-bubble--assistant">
                      <Flex align="center" gap="2" mb="1">
                        <Text size="2" weight="bold">
                          {load.chat.agent_name}
                        </Text>
                        <Text size="1" color="gray">
                          {formatDateTime(message.created_at)}
                        </Text>
                      </Flex>
                      <SharedReply message={message} />
                    </div>
                  </li>
                ),
              )}
            </ol>
            <Text as="p" size="1" color="gray" mt="5" className="shared-page__foot">
              A read-only copy of a conversation in Mosaic, as it was when it was shared. Sources are named; their documents stay private.
            </Text>
          </article>
        )}
      </Box>
    </div>
  );
}
