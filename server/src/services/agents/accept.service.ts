/**
 * Accepting a message (spec 001 §4 "Chat send", §5 cost): in one database transaction the session
 * is created if needed, the user message stored, the chat charged (plan and balance checked by the
 * billing service) and a run queued. A refused charge (402) rolls everything back: nothing is
 * stored and nothing is charged.
 */
import { eq, sql } from 'drizzle-orm';
import type { AgentDefinition } from '../../agents/types';
import type { Db } from '../../db/database';
import { agentRuns, chatMessages, chatSessions, type AgentRunRequest } from '../../db/schema/index';
import { conflict, AppError } from '../../errors';
import { chargeChat } from '../billing/chat-billing';
import { K_BY_MODE, type ChatMode } from '../../../../src/contract/chat';
import { AGENT_MESSAGES } from './messages';
import { openRunOf } from './runs.service';
import { requireSession } from './sessions.service';
import { sessionTitle } from './titles';

export interface SendInput {
  orgId: string;
  spaceId: string;
  userId: string;
  agent: AgentDefinition;
  sessionId: string | null;
  message: string;
  mode: ChatMode;
  referencedDocumentIds: string[];
  brandDocumentIds: string[];
  brandVoice: string | null;
  kRefDocs: number | null;
  kKnowledge: number | null;
}

export interface Accepted {
  sessionId: string;
  sessionTitle: string;
  userMessageId: string;
  userMessageCreatedAt: Date;
  runId: string;
  credits: number;
  creditsRemaining: number;
  transactionId: string;
}

/** The chat charge's idempotency key: the client's later deduct call with it charges nothing more. */
export const chatIdempotencyKey = (userMessageId: string) => `chat_message:${userMessageId}`;

export async function acceptMessage(db: Db, input: SendInput): Promise<Accepted> {
  return db.transaction(async (tx) => {
    let session;
    if (input.sessionId) {
      session = await requireSession(tx, input.spaceId, input.sessionId);
      if (session.agentSlug !== input.agent.slug) throw new AppError(409, AGENT_MESSAGES.sessionOfOtherAgent, 'CONFLICT');
      // Lock the session row so two sends racing into one session cannot both pass the check.
      await tx.execute(sql`select id from chat_sessions where id = ${session.id} for update`);
      if (await openRunOf(tx, session.id)) throw conflict(AGENT_MESSAGES.sessionBusy);
    } else {
      [session] = await tx
        .insert(chatSessions)
        .values({
          orgId: input.orgId,
          spaceId: input.spaceId,
          userId: input.userId,
          agentSlug: input.agent.slug,
          title: sessionTitle(input.message),
        })
        .returning();
    }
    const [userMessage] = await tx
      .insert(chatMessages)
      .values({ sessionId: session!.id, spaceId: input.spaceId, role: 'user', content: input.message })
      .returning();
    const charge = await chargeChat(tx, {
      orgId: input.orgId,
      spaceId: input.spaceId,
      userId: input.userId,
      agentSlug: input.agent.slug,
      agentName: input.agent.name,
      mode: input.mode,
      sessionId: session!.id,
      messageId: userMessage!.id,
      activity: input.message,
      idempotencyKey: chatIdempotencyKey(userMessage!.id),
    });
    const request: AgentRunRequest = {
      referencedDocumentIds: input.referencedDocumentIds,
      brandDocumentIds: input.brandDocumentIds,
      brandVoice: input.brandVoice,
      kRefDocs: input.kRefDocs ?? K_BY_MODE[input.mode],
      kKnowledge: input.kKnowledge ?? K_BY_MODE[input.mode],
      variant: 0,
    };
    const [run] = await tx
      .insert(agentRuns)
      .values({
        orgId: input.orgId,
        spaceId: input.spaceId,
        sessionId: session!.id,
        userId: input.userId,
        agentSlug: input.agent.slug,
        userMessageId: userMessage!.id,
        mode: input.mode,
        request,
        transactionId: charge.transactionId,
      })
      .returning();
    await tx.update(chatSessions).set({ updatedAt: sql`now()` }).where(eq(chatSessions.id, session!.id));
    return {
      sessionId: session!.id,
      sessionTitle: session!.title,
      userMessageId: userMessage!.id,
      userMessageCreatedAt: userMessage!.createdAt,
      runId: run!.id,
      credits: charge.credits,
      creditsRemaining: charge.creditsRemaining,
      transactionId: charge.transactionId,
    };
  });
}
