/**
 * The notification rules the service worker needs too, without zod (the worker stays small): the
 * kinds, the tags, the auto-close time and the space parameter. Schemas: notifications.ts.
 */

/** The kinds the product sends today; a feature may add its own (the field is free text). */
export const NOTIFICATION_KINDS = {
  replyReady: 'reply_ready',
  runFinished: 'run_finished',
  runNeedsAnswer: 'run_needs_answer',
} as const;

/**
 * Spec 001 §9: a browser notification closes after 10 s. The in-app list keeps it afterwards, so
 * a notification that closed before anyone saw it is not lost.
 */
export const NOTIFICATION_AUTO_CLOSE_MS = 10_000;

/**
 * One notification per chat or run on a device: the tag makes a newer one replace the older, and
 * the page's own "reply arrived" notification and the server's push for the same reply collapse
 * into one.
 */
export const notificationTags = {
  chat: (sessionId: string) => `chat:${sessionId}`,
  run: (runId: string) => `run:${runId}`,
};

/**
 * Opening a notification in a new or reloaded window adds `?space=<id>` to its URL: the app starts in
 * that space (the chat or run lives there), then drops the parameter from the address.
 */
export const NOTIFICATION_SPACE_PARAM = 'space';
