/**
 * PostgreSQL's LISTEN/NOTIFY on one channel, for telling other processes on the same database that
 * something happened (the chat waker). A dedicated connection holds the LISTEN; notifications are
 * sent through the app's pool. PGlite has no such thing: it is opened by one process only.
 */
import pg from 'pg';

export interface NotifyChannel {
  /** Sends `payload` to every process listening on the channel (this one included). */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface NotifyHandlers {
  onMessage(payload: string): void;
  /** The listening connection broke; it is reopened after a pause. */
  onConnectionLost(error: Error): void;
}

/** Channel names are SQL identifiers written into LISTEN: only plain lowercase names are accepted. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openNotifyChannel(pool: pg.Pool, channel: string, handlers: NotifyHandlers): Promise<NotifyChannel> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;

  const connect = async (): Promise<void> => {
    // Same settings as the app's pool (address, credentials, TLS).
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onMessage(message.payload);
    });
    next.on('error', (error) => {
      handlers.onConnectionLost(error);
      client = null;
      void next.end().catch(() => undefined);
      // Reconnect after a pause so a database restart does not become a tight loop.
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  await connect();

  return {
    async notify(payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
