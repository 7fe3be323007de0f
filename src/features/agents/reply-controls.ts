/**
 * Ending a reply's wait from the screen (spec 001 §4): Stop keeps what was written, cancel drops
 * the run. Either way the server refunds what was not used, and the figures are asked for again
 * (neither answer carries the balance).
 */
import { ApiError } from '../../api';
import { describeError, logger } from '../../lib/logger';
import { getCurrentSpace } from '../spaces/spaces.store';
import { agentsApi } from './agents.api';
import { loadSessionMessages } from './agents.store';
import { mergeMessages } from './agents.sync';
import { announceCharge } from './billing-refresh';
import { live } from './chat.store';
import { stopWaiting } from './chat-waiting';
import { agentErrorMessage } from './lib/errors';
import { AGENT_TEXT } from './lib/messages';

/** Cancel (spec 001 §4): stops waiting at once, tells the server to stop the run (it refunds). */
export async function cancelReply(sessionId: string): Promise<void> {
  stopWaiting(sessionId);
  try {
    await agentsApi.cancel(sessionId);
  } catch (error) {
    // 409: it had already finished; the next load shows the reply.
    if (!(error instanceof ApiError && error.status === 409)) logger.warn('Cancel failed', { error: describeError(error) });
  }
  Object.assign(live(sessionId), { status: 'idle', phase: null, error: AGENT_TEXT.cancelled, streamText: null });
  announceCharge();
}

/**
 * Stop generating: the server keeps what was written as the reply and refunds the unused part
 * (nothing written yet → a cancel, refunded whole). The reply it kept is shown at once.
 */
export async function stopReply(sessionId: string): Promise<void> {
  const chat = live(sessionId);
  try {
    const stopped = await agentsApi.stop(sessionId);
    stopWaiting(sessionId);
    const spaceId = getCurrentSpace()?.id;
    if (stopped.message && spaceId) await mergeMessages(spaceId, [stopped.message]);
    Object.assign(chat, { status: 'idle', phase: null, streamText: null, error: stopped.message ? null : AGENT_TEXT.cancelled });
    // A stopped regeneration hides the reply it replaces: the server's list says which is current.
    void loadSessionMessages(sessionId);
  } catch (error) {
    // 409: it had already finished; the stream or the poll brings the reply.
    if (error instanceof ApiError && error.status === 409) return;
    chat.error = agentErrorMessage(error, 'send');
    logger.warn('Stop failed', { error: describeError(error) });
  }
  announceCharge();
}
