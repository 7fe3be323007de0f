import { Text } from '@radix-ui/themes';

/**
 * A message on its way, drawn as the conversation draws the person's messages (dimmed, with what is
 * happening to it beneath): shown from memory the moment Send is pressed, before anything is stored
 * or answered.
 */
export function SendingMessage({ text, status = 'Sending…' }: { text: string; status?: string }) {
  return (
    <div className="chat-message chat-message--user" data-pending aria-live="polite" data-testid="pending-message">
      <div className="chat-bubble chat-bubble--user">
        <Text as="p" size="2" className="chat-bubble__text">
          {text}
        </Text>
      </div>
      <Text size="1" color="gray" className="chat-message__meta">
        {status}
      </Text>
    </div>
  );
}
