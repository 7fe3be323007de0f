/**
 * What a run tells the person who started it when it finishes or needs them (a question, credits
 * that ran out, a plan that lapsed). `agentModeNotificationContent` is the one place this content
 * is made on the server: the app's own browser notification is built from the same contract
 * function (`runNotification`), and both carry the run's tag, so on a device they collapse into one.
 */
import { and, eq } from 'drizzle-orm';
import { runNotification } from '../../../../src/contract/agent-mode';
import { NOTIFICATION_KINDS } from '../../../../src/contract/notifications';
import type { DbExecutor } from '../../db/database';
import { agentModeRuns, agentModeSteps } from '../../db/schema/index';
import type { NotifyInput } from '../notifications/notifier';
import { toRunDto } from './serializers';

/** Kinds as the notifications of the rest of the product name them. */
export const RUN_NOTIFICATION_KINDS = { finished: NOTIFICATION_KINDS.runFinished, needs_answer: NOTIFICATION_KINDS.runNeedsAnswer } as const;

/**
 * The notification the run's current state calls for, or null (still moving, paused or cancelled
 * by the person, no starter). Addressed to the starter, in the run's space, opening
 * `/agent-mode?run=<id>`, tagged `run:<id>` so a newer notification of the run replaces the older.
 */
export async function agentModeNotificationContent(db: DbExecutor, runId: string): Promise<NotifyInput | null> {
  const [run] = await db.select().from(agentModeRuns).where(eq(agentModeRuns.id, runId));
  if (!run?.userId) return null;
  const [waiting] = await db
    .select({ question: agentModeSteps.question })
    .from(agentModeSteps)
    .where(and(eq(agentModeSteps.runId, runId), eq(agentModeSteps.status, 'waiting')));
  const content = runNotification(toRunDto(run, []), waiting?.question ?? null);
  if (!content) return null;
  return {
    userId: run.userId,
    orgId: run.orgId,
    spaceId: run.spaceId,
    kind: RUN_NOTIFICATION_KINDS[content.event],
    title: content.title,
    body: content.body,
    url: content.url,
    tag: content.tag,
  };
}
