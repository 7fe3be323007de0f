/**
 * The message a person just sent, held in memory and shown at once, until the screen shows it from
 * the device: in the conversation (the temporary message written to IndexedDB, then the server's),
 * or in the outbox when it waits to be sent. Before, the sent message appeared only once its
 * IndexedDB write had been read back by the conversation's live query: ~1.5 s after Send on a busy
 * machine. Nothing here waits for the network or the device; a refusal drops it (the text goes back
 * into the message box).
 */
import { useCallback, useState } from 'react';
import type { MessageRow } from '../../db';
import { onSessionReset } from '../../session';

interface Held {
  text: string;
  /** Accepted already (handed over from the start page): shown as sent, not as sending. */
  sent: boolean;
  /** The conversation's messages when it was sent: the same text among them is an earlier message. */
  known: ReadonlySet<string>;
}

export interface SendingEcho {
  /** The text to show as being sent, or null. */
  text: string | null;
  /** Whether the server has it already. */
  sent: boolean;
  /** Call in the send's own handler, before anything is awaited. */
  hold(text: string): void;
  /** The send was refused or failed: its text is back in the box, so it no longer shows as sent. */
  drop(): void;
}

/** How long a first message handed to its new chat's screen is waited for (the screen opens in moments). */
const HANDOVER_MS = 30_000;
const handedOver = new Map<string, { text: string; at: number }>();

/**
 * A new chat's first message, handed from the agent's start page to the chat's own screen, so it
 * stays in view while that screen reads the chat from the device. Kept in memory only: a reload of
 * the chat reads it from the device as usual.
 */
export function handOverSending(sessionId: string, text: string): void {
  handedOver.set(sessionId, { text, at: Date.now() });
}

// A message's text is the person's: it does not outlive their session on this page.
onSessionReset(() => handedOver.clear());

function handedOverTo(sessionId: string | undefined): Held | null {
  const entry = sessionId ? handedOver.get(sessionId) : undefined;
  return entry && Date.now() - entry.at < HANDOVER_MS ? { text: entry.text, sent: true, known: new Set() } : null;
}

/**
 * `shown`: the conversation on screen (undefined on a screen without one); `queued`: the chat's
 * outbox rows; `sessionId`: the chat, whose first message may have been handed over.
 */
export function useSendingEcho(shown: readonly MessageRow[] | undefined, queued: readonly { text: string }[], sessionId?: string): SendingEcho {
  const [held, setHeld] = useState<Held | null>(() => handedOverTo(sessionId));
  const arrived =
    held !== null &&
    ((shown ?? []).some((message) => message.role === 'user' && message.content === held.text && !held.known.has(message.id)) ||
      queued.some((row) => row.text === held.text));
  // Once the screen shows it from the device, memory lets go (during render: no frame shows both or neither).
  if (arrived) setHeld(null);
  const hold = useCallback((text: string) => setHeld({ text, sent: false, known: new Set((shown ?? []).map((message) => message.id)) }), [shown]);
  const drop = useCallback(() => setHeld(null), []);
  return { text: arrived ? null : (held?.text ?? null), sent: held?.sent ?? false, hold, drop };
}
