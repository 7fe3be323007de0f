/**
 * A send's post (spec 001 §4 "Chat send"): the temporary message shown at once, the space, plan and
 * credit checks, the reply's stream asked for with it in an open chat, and
 * `POST /agents/{slug}/messages/async` with its Idempotency-Key. A refusal takes back everything
 * the send showed and says why.
 */
import { ApiError } from '../../../api';
import type { AcceptedMessage } from '../../../contract/agents';
import { chatCost, K_BY_MODE } from '../../../contract/chat';
import { agentsApi } from '../agents.api';
import { live } from '../chat.store';
import { agentErrorMessage } from '../lib/errors';
import { openStreamWithSend, type EarlyStream } from '../reply-stream';
import { chosenLeafOf } from '../versions/branch.store';
import { showTemporaryMessage, takeBackTemporaryMessage, type TemporaryMessage } from './device-records';
import { assertPlanAndCredits, billingFigures, requireSpace, spaceNow } from './send-checks';
import { ChatSendError, SendUnanswered, type SendInput } from './send-types';

export interface Posted {
  accepted: AcceptedMessage;
  spaceId: string;
  temporary: TemporaryMessage;
  /** The reply's stream, asked for with the post (an existing chat only). */
  early?: EarlyStream;
}

/**
 * Throws SendUnanswered when the post got no answer, ChatSendError (its message shown beside the
 * message box, except for an edit) when it was refused. The chat `key` is idle again either way.
 */
export async function postMessage(input: SendInput, key: string, idempotencyKey: string): Promise<Posted> {
  const temporary: TemporaryMessage = { id: `temp-${crypto.randomUUID()}`, written: Promise.resolve() };
  // Asked at once (when the last minute's figures are not at hand), while the device writes the temporary message.
  const billing = billingFigures();
  if (billing instanceof Promise) billing.catch(() => undefined);
  // The branch on screen before this send, put back if it is not accepted.
  const shownBefore = input.sessionId ? chosenLeafOf(input.sessionId) : Promise.resolve(null);
  shownBefore.catch(() => undefined);
  let spaceId: string | null = null;
  let early: EarlyStream | undefined;
  try {
    // No await when the space and the figures are known: the post then leaves in the click's own
    // task, before the screen re-renders for the send (~10–15 ms sooner on this machine).
    spaceId = spaceNow() ?? (await requireSpace());
    // Shown at once, before the plan check and the post: the conversation never looks empty while sending.
    // An edit stays in its editor until accepted instead (a refusal is shown there, with the text).
    if (!input.editsMessageId) temporary.written = showTemporaryMessage(input, key, spaceId, temporary.id);
    temporary.written.catch(() => undefined);
    assertPlanAndCredits(billing instanceof Promise ? await billing : billing, chatCost(input.mode));
    // An existing chat's reply stream is asked for with the send, not after its answer.
    early = input.sessionId ? openStreamWithSend(input.sessionId, idempotencyKey) : undefined;
    const accepted = await post(input, idempotencyKey);
    return { accepted, spaceId, temporary, ...(early ? { early } : {}) };
  } catch (error) {
    early?.abort();
    await takeBackTemporaryMessage(temporary, { spaceId, sessionId: input.sessionId, leaf: shownBefore });
    const current = live(key);
    current.status = 'idle';
    current.pendingText = null;
    if (error instanceof SendUnanswered) throw error;
    const message = error instanceof ChatSendError ? error.message : agentErrorMessage(error, 'send');
    // An edit's refusal is said in its editor; anything else beside the message box.
    if (!input.editsMessageId) current.error = message;
    throw new ChatSendError(message, error instanceof ApiError ? (error.status ?? undefined) : undefined);
  }
}

/** The post itself; no answer at all (no connection) is SendUnanswered. */
function post(input: SendInput, idempotencyKey: string): Promise<AcceptedMessage> {
  const k = K_BY_MODE[input.mode];
  return agentsApi
    .sendAsync(
      input.slug,
      {
        session_id: input.sessionId,
        message: input.text,
        referenced_document_ids: input.referencedDocumentIds ?? [],
        brand_documents: input.brandDocumentIds ?? [],
        brand_voice: null,
        k_value_ref_docs: k,
        k_value_kb: k,
        mode: input.mode,
        ...(input.assetIds && input.assetIds.length > 0 ? { asset_ids: input.assetIds } : {}),
        ...(input.editsMessageId ? { edits_message_id: input.editsMessageId } : input.parentId !== undefined ? { parent_message_id: input.parentId } : {}),
      },
      idempotencyKey,
    )
    .catch((error: unknown) => {
      throw error instanceof ApiError && error.code === 'NETWORK_ERROR' ? new SendUnanswered(error.message) : error;
    });
}
