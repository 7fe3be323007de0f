/**
 * The product's promise for long answers: when a reply takes long, the person is told it arrived
 * even if Mosaic is closed (docs/pwa.md "Notifications"). The reply is already stored and the long
 * polls woken; this only adds the in-app notification and the push.
 */
import { findAgent } from '../../agents/index';
import type { chatMessages } from '../../db/schema/index';
import { NOTIFICATION_KINDS, notificationTags } from '../../../../src/contract/notifications';
import type { Notifier } from '../notifications/notifier';
import type { RunRow } from './runs.service';

/**
 * A reply that took at least this long from the send is announced. Under half a minute the person
 * is almost always still on the chat watching it stream (and the page shows it); past it they have
 * often switched away, which is when a notification earns its interruption. It is also the spec's
 * 30 s window for matching a sent message to the server's (spec 001 §4): beyond it, the send is
 * treated as long-running there too.
 */
export const LONG_REPLY_NOTIFY_AFTER_MS = 30_000;

type ReplyRow = Pick<typeof chatMessages.$inferSelect, 'content' | 'createdAt'>;

export function notifyIfLongReply(notifications: Pick<Notifier, 'notifyInBackground'>, run: RunRow, reply: ReplyRow): void {
  if (!run.userId) return;
  if (reply.createdAt.getTime() - run.createdAt.getTime() < LONG_REPLY_NOTIFY_AFTER_MS) return;
  const agentName = findAgent(run.agentSlug)?.name ?? run.agentSlug;
  notifications.notifyInBackground({
    userId: run.userId,
    orgId: run.orgId,
    spaceId: run.spaceId,
    kind: NOTIFICATION_KINDS.replyReady,
    title: `${agentName} replied`,
    body: reply.content,
    url: `/agents/${encodeURIComponent(run.agentSlug)}/chat/${encodeURIComponent(run.sessionId)}`,
    tag: notificationTags.chat(run.sessionId),
  });
}
