/**
 * A message waiting in the outbox, at the end of its chat: its text, "Waiting to send" (or why the
 * server refused it, or "Sending…" while a tab sends it), and what the user can do meanwhile: edit
 * it, cancel it (the text goes back into the message box, so nothing is lost), or send it again
 * after a refusal. A message being sent cannot be changed: it may be on its way.
 */
import { useState } from 'react';
import { Button, Flex, Text } from '@radix-ui/themes';
import { ClockIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import type { OutboxRow } from '../../../db';
import { MessageEditor } from '../versions/MessageEditor';
import { OUTBOX_TEXT } from './outbox.store';

interface QueuedMessageProps {
  row: OutboxRow;
  online: boolean;
  onEdit: (row: OutboxRow, text: string) => Promise<void>;
  onCancel: (row: OutboxRow) => void;
  onRetry: (row: OutboxRow) => void;
}

export function QueuedMessage({ row, online, onEdit, onCancel, onRetry }: QueuedMessageProps) {
  const [editing, setEditing] = useState(false);
  const refused = row.state === 'refused';
  const sending = row.state === 'sending';
  return (
    <div className="chat-message chat-message--user chat-message--queued" data-testid="queued-message" data-queued={row.state}>
      {editing ? (
        <MessageEditor
          initialText={row.text}
          submitLabel="Save"
          hint="It is still sent when the connection returns."
          onSubmit={async (text) => {
            await onEdit(row, text);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="chat-bubble chat-bubble--user chat-bubble--queued">
          <Text as="p" size="2" className="chat-bubble__text">
            {row.text}
          </Text>
        </div>
      )}
      <Flex className="chat-message__meta queued-message__meta" align="center" gap="2" wrap="wrap" justify="end">
        {refused ? (
          <Text size="1" color="red" role="alert">
            <ExclamationTriangleIcon aria-hidden="true" /> {OUTBOX_TEXT.refusedPrefix}: {row.error}
          </Text>
        ) : sending ? (
          <Text size="1" color="gray">
            <ClockIcon aria-hidden="true" /> {OUTBOX_TEXT.sending}
          </Text>
        ) : (
          <Text size="1" color="gray">
            <ClockIcon aria-hidden="true" /> {OUTBOX_TEXT.waiting}
            {online ? '' : ` · ${OUTBOX_TEXT.waitingHint}`}
          </Text>
        )}
        {editing || sending ? null : (
          <>
            {refused && online ? (
              <Button size="1" variant="soft" onClick={() => onRetry(row)} className="chat-action chat-action--text">
                Send again
              </Button>
            ) : null}
            <Button size="1" variant="ghost" color="gray" onClick={() => setEditing(true)} className="chat-action chat-action--text" aria-label="Edit waiting message">
              Edit
            </Button>
            <Button size="1" variant="ghost" color="gray" onClick={() => onCancel(row)} className="chat-action chat-action--text" aria-label="Cancel sending">
              Cancel
            </Button>
          </>
        )}
      </Flex>
    </div>
  );
}
