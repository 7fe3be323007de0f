/**
 * One message: the user's text as typed (with Edit, which sends a new version), or the agent's
 * reply as sanitised Markdown with its actions. A message with several versions shows "‹ 2/3 ›".
 */
import type { FeedbackCategory } from '../../../contract/feedback-categories';
import { memo, useRef, useState } from 'react';
import { Badge, Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { CheckIcon, CodeIcon, CopyIcon, Pencil1Icon, ReloadIcon } from '@radix-ui/react-icons';
import { toast } from 'sonner';
import type { MessageRow } from '../../../db';
import { AgentIcon } from './AgentIcon';
import { ReplyFeedback } from './ReplyFeedback';
import { ReplyText } from '../citations/ReplyText';
import { ReplySources } from '../citations/ReplySources';
import { sourcesSection } from '../citations/sources-text';
import '../citations/citations.css';
import { SaveToAssetsButton } from '../../assets/components/SaveToAssetsButton';
import { renderedText } from '../lib/chat-export';
import { formatTime } from '../../../contract/format';
import { MessageEditor } from '../versions/MessageEditor';
import { VersionSwitcher } from '../versions/VersionSwitcher';

/** Where a message sits among its versions; null when it has only one. */
export interface VersionPlace {
  index: number;
  count: number;
  previousId: string | null;
  nextId: string | null;
}

export const EDIT_HINT = 'Sending makes a new version of this message and a new reply (charged like a message). The current version stays.';

interface MessageBubbleProps {
  message: MessageRow;
  agentSlug: string;
  agentName: string;
  versions: VersionPlace | null;
  /** Switching versions, editing and regenerating wait while a reply is being written. */
  busy: boolean;
  /** Editing and regenerating need the server (offline: disabled, with the reason). */
  offlineReason: string | null;
  onRate: (message: MessageRow, rating: 1 | -1 | null, categories: FeedbackCategory[], text: string | null) => Promise<void>;
  onRegenerate: (message: MessageRow) => void;
  /** Resolves when the new version is sent; rejects with the reason to show. */
  onEdit: (message: MessageRow, text: string) => Promise<void>;
  onShowVersion: (versionId: string) => void;
}

export const MessageBubble = memo(function MessageBubble({
  message,
  agentSlug,
  agentName,
  versions,
  busy,
  offlineReason,
  onRate,
  onRegenerate,
  onEdit,
  onShowVersion,
}: MessageBubbleProps) {
  const [copied, setCopied] = useState<'text' | 'markdown' | null>(null);
  // Editing belongs to one version: switching to another closes the editor.
  const [editingId, setEditingId] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const rendered = useRef<HTMLDivElement>(null);
  const at = formatTime(message.createdAt);
  const switcher = versions ? (
    <VersionSwitcher
      index={versions.index}
      count={versions.count}
      of={message.role === 'user' ? 'message' : 'reply'}
      onPrevious={versions.previousId ? () => onShowVersion(versions.previousId!) : null}
      onNext={versions.nextId ? () => onShowVersion(versions.nextId!) : null}
      disabled={busy}
    />
  ) : null;
  const unavailable = busy ? 'Wait for the reply (or stop it) first' : offlineReason;

  if (message.role === 'user') {
    const editing = editingId === message.id;
    const closeEditor = () => {
      setEditingId(null);
      requestAnimationFrame(() => editButton.current?.focus());
    };
    return (
      <div className="chat-message chat-message--user" data-pending={message.pending || undefined} data-editing={editing || undefined}>
        {editing ? (
          <MessageEditor
            initialText={message.content}
            submitLabel="Send"
            hint={EDIT_HINT}
            onSubmit={async (text) => {
              await onEdit(message, text);
              setEditingId(null);
            }}
            onCancel={closeEditor}
          />
        ) : (
          <div className="chat-bubble chat-bubble--user">
            <Text as="p" size="2" className="chat-bubble__text">
              {message.content}
            </Text>
          </div>
        )}
        <Flex className="chat-message__meta chat-actions" align="center" gap="1">
          {switcher}
          <Text size="1" color="gray">
            {message.pending ? 'Sending…' : at}
          </Text>
          {!message.pending && !editing ? (
            <Tooltip content={unavailable ?? 'Edit (sends a new version)'}>
              <IconButton
                ref={editButton}
                size="1"
                variant="ghost"
                color="gray"
                aria-label="Edit message"
                disabled={unavailable !== null}
                onClick={() => setEditingId(message.id)}
                className="chat-action"
              >
                <Pencil1Icon />
              </IconButton>
            </Tooltip>
          ) : null}
        </Flex>
      </div>
    );
  }

  // Clean text is read from the reply as rendered (what the reader sees); Markdown is the source.
  const copy = async (format: 'text' | 'markdown') => {
    try {
      const text = format === 'markdown' || !rendered.current ? message.content : renderedText(rendered.current);
      // Copied text keeps its [n] markers: the sources they point at go with it.
      await navigator.clipboard.writeText(`${text}${sourcesSection(message.citations, format)}`);
      setCopied(format);
      setTimeout(() => setCopied(null), 1500);
    } catch {
      toast.error('Could not copy: your browser blocked access to the clipboard. Select the text and copy it instead.');
    }
  };

  return (
    <div className="chat-message chat-message--assistant">
      <Flex gap="3" align="start">
        <AgentIcon slug={agentSlug} size={32} />
        <div className="chat-bubble chat-bubble--assistant">
          <Flex align="center" gap="2" mb="1">
            <Text size="2" weight="bold">
              {agentName}
            </Text>
            <Text size="1" color="gray">
              {at}
            </Text>
          </Flex>
          <div ref={rendered}>
            <ReplyText text={message.content} citations={message.citations} />
          </div>
          <ReplySources citations={message.citations} />
          <Flex className="chat-actions" gap="1" mt="2" align="center" wrap="wrap">
            {switcher}
            <Tooltip content={copied === 'text' ? 'Copied' : 'Copy as text'}>
              <IconButton size="1" variant="ghost" color="gray" aria-label="Copy as text" onClick={() => void copy('text')} className="chat-action">
                {copied === 'text' ? <CheckIcon /> : <CopyIcon />}
              </IconButton>
            </Tooltip>
            <Tooltip content={copied === 'markdown' ? 'Copied' : 'Copy as Markdown'}>
              <IconButton size="1" variant="ghost" color="gray" aria-label="Copy as Markdown" onClick={() => void copy('markdown')} className="chat-action">
                {copied === 'markdown' ? <CheckIcon /> : <CodeIcon />}
              </IconButton>
            </Tooltip>
            <SaveToAssetsButton messageId={message.id} content={message.content} />
            <ReplyFeedback rating={message.rating} onRate={(rating, categories, text) => onRate(message, rating, categories, text)} />
            <Tooltip content={unavailable ?? 'Write another version of this reply (charged like a message)'}>
              <IconButton
                size="1"
                variant="ghost"
                color="gray"
                aria-label="Regenerate reply"
                disabled={unavailable !== null}
                onClick={() => onRegenerate(message)}
                className="chat-action"
              >
                <ReloadIcon />
              </IconButton>
            </Tooltip>
            {message.feedbackCategories.length > 0 ? (
              <Flex gap="1" ml="2" wrap="wrap">
                {message.feedbackCategories.map((category) => (
                  <Badge key={category} size="1" variant="soft" color="gray">
                    {category.replace(/_/g, ' ')}
                  </Badge>
                ))}
              </Flex>
            ) : null}
          </Flex>
        </div>
      </Flex>
    </div>
  );
});
