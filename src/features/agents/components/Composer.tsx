/**
 * The message box: text (kept as a draft on the device, so a reload or going offline loses
 * nothing) that grows as you type up to a limit, mode with its cost, Send, and Cancel while a reply
 * is being written. After a send (accepted or not) focus is back in the box for the next message.
 *
 * Layout: the box, then a bar with the context controls on the left (`composer__context`: mode,
 * and whatever else shapes the message) and the actions on the right (`composer__actions`: Send, or
 * Stop while a reply is being written).
 *
 * Files from the computer (paperclip, dropped on the box, pasted) go to the knowledge base and
 * become the message's context once processed (attachments/). A message sent while some are still
 * on their way waits for them, says so, and goes once they are ready; a file that failed holds it
 * until it is retried or removed.
 */
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Flex, Text, TextArea } from '@radix-ui/themes';
import { subscribe } from 'valtio';
import { PaperPlaneIcon, StopIcon } from '@radix-ui/react-icons';
import { useDeviceDraft } from '../../../pwa/use-device-draft';
import type { ChatMode } from '../../../contract/chat';
import { ModeSelect } from './ModeSelect';
import { ContextChips } from '../context/ContextChips';
import { ContextPicker } from '../context/ContextPicker';
import { useTemplateSlash } from '../templates/useTemplateSlash';
import { AssetAttachControl, AttachedAssets } from '../../assets/components/AssetAttachControl';
import { AttachFileButton } from '../attachments/AttachFileButton';
import { AttachmentChips } from '../attachments/AttachmentChips';
import { attachedAssetIds, attachFiles, attachmentsOf, clearSentAttachments, composerAttachments, type ComposerAttachment } from '../attachments/attachments.store';
import { useComposerAttachments } from '../attachments/useComposerAttachments';
import { useFileDrop } from '../attachments/useFileDrop';
import { formatCount, plural } from '../../../contract/format';

/** The box grows with its text up to this share of the window, then scrolls (the conversation stays in view). */
const MAX_HEIGHT_SHARE = 0.35;
/** A file the message waits for: still being read, sent or processed. */
const onItsWay = (entry: ComposerAttachment) => entry.phase !== 'failed' && entry.phase !== 'attached';

interface ComposerProps {
  draftKey: string;
  spaceId: string | null;
  agentName: string;
  busy: boolean;
  waiting: boolean;
  mode: ChatMode;
  onModeChange: (mode: ChatMode) => void;
  /** Resolves when accepted; rejects (the text and attachments are kept) when not. */
  onSend: (text: string, attachments: { assetIds: string[] }) => Promise<void>;
  onCancel?: () => void;
  /** Text to place in the box (a starter prompt; a cancelled waiting message, as an object so the same text can come back twice). */
  preset?: string | { text: string } | null;
  autoFocus?: boolean;
  /** The agent: offers its documents as context (chips, keyed by draftKey) and its "/" templates. */
  agentSlug?: string;
}

/** Fits the box to its text (one line when empty), up to MAX_HEIGHT_SHARE of the window. */
function fitToText(box: HTMLTextAreaElement | null): void {
  if (!box) return;
  box.style.height = 'auto';
  const max = Math.round(window.innerHeight * MAX_HEIGHT_SHARE);
  box.style.height = `${Math.min(box.scrollHeight, max)}px`;
  box.style.overflowY = box.scrollHeight > max ? 'auto' : 'hidden';
}

export function Composer({ draftKey, spaceId, agentName, busy, waiting, mode, onModeChange, onSend, onCancel, preset, autoFocus, agentSlug }: ComposerProps) {
  const [text, setText] = useState('');
  /** Creative assets going with the next message (AssetAttachControl). */
  const [assetIds, setAssetIds] = useState<string[]>([]);
  const box = useRef<HTMLTextAreaElement>(null);

  // The saved words come back unless something was typed (or a preset applied) meanwhile.
  const draft = useDeviceDraft(draftKey, spaceId, (saved) => setText((current) => current || saved));

  // A new preset (a starter prompt was picked) replaces the text; adjusting state while rendering
  // avoids a second render pass an effect would cause.
  const [appliedPreset, setAppliedPreset] = useState(preset);
  if (preset !== appliedPreset) {
    setAppliedPreset(preset);
    if (preset) setText(typeof preset === 'string' ? preset : preset.text);
  }
  useEffect(() => {
    if (preset) box.current?.focus();
  }, [preset]);
  useLayoutEffect(() => fitToText(box.current), [text]);

  const remember = (value: string) => {
    setText(value);
    draft.remember(value);
  };

  const files = useComposerAttachments(draftKey);
  const drop = useFileDrop(agentSlug ? (chosen) => attachFiles(draftKey, chosen) : null);
  /** Send was pressed while files were still on their way: the message goes once they are ready. */
  const [sendWhenReady, setSendWhenReady] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || busy || waiting) return;
    // Read from the store, not this render: the last file may have settled a moment ago.
    const attached = attachmentsOf(draftKey);
    if (attached.some((entry) => entry.phase === 'failed')) return;
    if (attached.some(onItsWay)) {
      setSendWhenReady(true);
      return;
    }
    setSendWhenReady(false);
    draft.cancelPending();
    setText('');
    // Images attached from the computer go as assets, with those picked from Creative Assets.
    const images = attachedAssetIds(draftKey);
    try {
      await onSend(message, { assetIds: [...new Set([...assetIds, ...images])] });
      setAssetIds([]);
      clearSentAttachments(draftKey, images);
      await draft.forget();
    } catch {
      // Not accepted: the words come back (and stay saved) so nothing is lost.
      remember(message);
    } finally {
      // Clicking Send (disabled while sending) would otherwise leave focus on the page body.
      box.current?.focus();
    }
  };

  // One of the files it waited for failed: it stays in the box, and the line under it says why.
  if (sendWhenReady && files.failed > 0) setSendWhenReady(false);
  // The files it waited for are ready: it goes now (the store says when the last one settles).
  const sendNow = useEffectEvent(() => void submit());
  useEffect(() => {
    if (!sendWhenReady) return undefined;
    return subscribe(composerAttachments, () => {
      if (!attachmentsOf(draftKey).some(onItsWay)) sendNow();
    });
  }, [sendWhenReady, draftKey]);

  const slash = useTemplateSlash({ text, setText: remember, agentSlug, box });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className={drop.over ? 'composer composer--drop-target' : 'composer'}
      onSubmit={(event) => void submit(event)}
      aria-label={`Message ${agentName}`}
      {...drop.dropProps}
    >
      {slash.panel}
      {agentSlug ? <ContextChips contextKey={draftKey} disabled={busy} /> : null}
      <AttachmentChips contextKey={draftKey} items={files.items} disabled={busy} />
      <AttachedAssets spaceId={spaceId} value={assetIds} onChange={setAssetIds} />
      <TextArea
        {...slash.inputProps}
        ref={box}
        className="composer__input"
        value={text}
        onChange={(event) => remember(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={drop.onPaste}
        placeholder={`Message ${agentName}…`}
        aria-label="Message"
        rows={1}
        size="3"
        variant="surface"
        autoFocus={autoFocus}
      />
      <Flex className="composer__bar" align="center" justify="between" gap="2">
        <Flex className="composer__context" align="center" gap="2">
          <ModeSelect value={mode} onChange={onModeChange} disabled={busy || waiting} />
          {agentSlug ? <AttachFileButton onFiles={(chosen) => attachFiles(draftKey, chosen)} disabled={busy} /> : null}
          {agentSlug ? <ContextPicker contextKey={draftKey} agentSlug={agentSlug} agentName={agentName} spaceId={spaceId} disabled={busy} /> : null}
          <AssetAttachControl spaceId={spaceId} value={assetIds} onChange={setAssetIds} disabled={busy} />
          <Text size="1" color="gray" className="composer__hint">
            Enter to send · Shift+Enter for a new line{agentSlug ? ' · / for templates' : ''}
          </Text>
        </Flex>
        <Flex className="composer__actions" align="center" gap="2">
          {waiting && onCancel ? (
            <Button type="button" color="red" variant="soft" onClick={onCancel} className="composer__primary" aria-label="Stop">
              <StopIcon aria-hidden="true" /> <span className="composer__primary-label">Stop</span>
            </Button>
          ) : (
            <Button type="submit" loading={busy || sendWhenReady} disabled={!text.trim() || waiting || files.failed > 0} className="composer__primary" aria-label="Send">
              <PaperPlaneIcon aria-hidden="true" /> <span className="composer__primary-label">Send</span>
            </Button>
          )}
        </Flex>
      </Flex>
      <FilesNotice pending={files.pending} failed={files.failed} sendWhenReady={sendWhenReady} onCancel={() => setSendWhenReady(false)} />
    </form>
  );
}

/** What the attached files mean for Send, said in words (a live region, so it is heard too). */
function FilesNotice({ pending, failed, sendWhenReady, onCancel }: { pending: number; failed: number; sendWhenReady: boolean; onCancel(): void }) {
  const files = (n: number) => formatCount(n, 'file');
  const words =
    failed > 0
      ? `${files(failed)} could not be attached. Retry or remove ${plural(failed, 'it', 'them')} to send.`
      : pending > 0
        ? sendWhenReady
          ? `Your message will be sent when ${files(pending)} ${plural(pending, 'is', 'are')} ready.`
          : `Attaching ${files(pending)}… You can send now: the message waits for ${plural(pending, 'it', 'them')}.`
        : null;
  return (
    <div role="status" className="composer__files-notice">
      {words ? (
        <Text size="1" color={failed > 0 ? 'red' : 'gray'}>
          {words}{' '}
          {sendWhenReady && failed === 0 ? (
            <Button type="button" size="1" variant="ghost" onClick={onCancel}>
              Don’t send yet
            </Button>
          ) : null}
        </Text>
      ) : null}
    </div>
  );
}
