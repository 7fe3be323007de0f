/**
 * Editing a message in place: the sent text in a box that grows with it, Cancel and Send. Sending
 * makes a new version; the earlier one stays, behind the version switcher. Enter sends,
 * Shift+Enter is a new line, Escape cancels (as in the message box). Also used for a message
 * waiting in the outbox, where Save changes what will be sent.
 */
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Flex, Text, TextArea } from '@radix-ui/themes';

interface MessageEditorProps {
  initialText: string;
  /** The primary button's label: 'Send' (a new version) or 'Save' (a waiting message). */
  submitLabel: string;
  hint: string;
  /** Resolves when done (the editor closes); rejects with the reason to show (the text stays). */
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
}

export function MessageEditor({ initialText, submitLabel, hint, onSubmit, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initialText);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, Math.round(window.innerHeight * 0.35))}px`;
  }, [text]);

  const trimmed = text.trim();
  const unchanged = trimmed === initialText.trim();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || unchanged || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(trimmed);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="message-editor" onSubmit={(event) => void submit(event)} aria-label="Edit message">
      <TextArea ref={box} value={text} onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} aria-label="Edited message" rows={1} size="2" />
      <Text as="p" size="1" color="gray">
        {hint}
      </Text>
      {error ? (
        <Text as="p" size="2" color="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Flex gap="2" justify="end">
        <Button type="button" variant="soft" color="gray" onClick={onCancel} className="message-editor__button">
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={!trimmed || unchanged} className="message-editor__button">
          {submitLabel}
        </Button>
      </Flex>
    </form>
  );
}
