/**
 * The message box: text (kept as a draft on the device, so a reload or going offline loses
 * nothing), mode with its cost, Send, and Cancel while a reply is being written.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Flex, Text, TextArea } from '@radix-ui/themes';
import { PaperPlaneIcon, StopIcon } from '@radix-ui/react-icons';
import { clearDraft, readDraft, saveDraft } from '../../../db';
import type { ChatMode } from '../../../contract/chat';
import { ModeSelect } from './ModeSelect';

/** Drafts are written at most this often while typing (IndexedDB writes are not free). */
const DRAFT_SAVE_DELAY_MS = 400;

interface ComposerProps {
  draftKey: string;
  spaceId: string | null;
  agentName: string;
  busy: boolean;
  waiting: boolean;
  mode: ChatMode;
  onModeChange: (mode: ChatMode) => void;
  /** Resolves when accepted; rejects (the text is put back) when not. */
  onSend: (text: string) => Promise<void>;
  onCancel?: () => void;
  /** Text to place in the box (e.g. a starter prompt). */
  preset?: string | null;
  autoFocus?: boolean;
}

export function Composer({ draftKey, spaceId, agentName, busy, waiting, mode, onModeChange, onSend, onCancel, preset, autoFocus }: ComposerProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    void readDraft(draftKey).then((draft) => {
      if (alive && draft) setText((current) => current || draft);
    });
    return () => {
      alive = false;
    };
  }, [draftKey]);

  // A new preset (a starter prompt was picked) replaces the text; adjusting state while rendering
  // avoids a second render pass an effect would cause.
  const [appliedPreset, setAppliedPreset] = useState(preset);
  if (preset !== appliedPreset) {
    setAppliedPreset(preset);
    if (preset) setText(preset);
  }
  useEffect(() => {
    if (preset) box.current?.focus();
  }, [preset]);

  const remember = (value: string) => {
    setText(value);
    clearTimeout(saveTimer.current);
    if (spaceId) saveTimer.current = setTimeout(() => void saveDraft(draftKey, spaceId, value), DRAFT_SAVE_DELAY_MS);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || busy || waiting) return;
    clearTimeout(saveTimer.current);
    setText('');
    try {
      await onSend(message);
      await clearDraft(draftKey);
    } catch {
      // Not accepted: the words come back so nothing is lost.
      setText(message);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="composer" onSubmit={(event) => void submit(event)} aria-label={`Message ${agentName}`}>
      <TextArea
        ref={box}
        className="composer__input"
        value={text}
        onChange={(event) => remember(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={`Message ${agentName}…`}
        aria-label="Message"
        rows={2}
        size="3"
        variant="surface"
        autoFocus={autoFocus}
      />
      <Flex className="composer__bar" align="center" justify="between" gap="2" wrap="wrap">
        <Flex align="center" gap="2">
          <ModeSelect value={mode} onChange={onModeChange} disabled={busy || waiting} />
          <Text size="1" color="gray" className="composer__hint">
            Enter to send · Shift+Enter for a new line
          </Text>
        </Flex>
        {waiting && onCancel ? (
          <Button type="button" color="red" variant="soft" onClick={onCancel}>
            <StopIcon /> Cancel
          </Button>
        ) : (
          <Button type="submit" loading={busy} disabled={!text.trim() || waiting}>
            <PaperPlaneIcon /> Send
          </Button>
        )}
      </Flex>
    </form>
  );
}
