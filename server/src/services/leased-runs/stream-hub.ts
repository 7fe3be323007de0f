/**
 * Text as it is written (docs/agents.md "Streaming"): a chat reply, or an Agent Mode step's output.
 * The process doing the work reports the text so far here; streams held in the same process hear of
 * it at once, and the text is saved where other processes read it (the run's `save`: a chat run's
 * `partial_text`, a step's `output`; at most every PERSIST_INTERVAL_MS, fenced by the claim like
 * every other write of the worker), so that a stream held by another process, or a stop asked of
 * another process, sees it too. On PostgreSQL every save is announced with NOTIFY on
 * STREAM_CHANNEL; the same channel carries stop requests to the process that holds the run.
 *
 * Listeners subscribe to a topic: a chat session's id, or an Agent Mode run's topic
 * (agent-mode/topic.ts), so a chat and a run never hear each other.
 */
import type { Database } from '../../db/database';

export const STREAM_CHANNEL = 'mosaic_agent_stream';
/** How often the text of a run being written is saved for other processes (and for a stop). */
export const PERSIST_INTERVAL_MS = 150;

type Listener = () => void;

/** Text being written under a claim: a chat run, or an Agent Mode step (its run's claim). */
export interface StreamingRun {
  /** The run's id (a step's id for Agent Mode): what a stop request and `localText` name. */
  id: string;
  /** The claim writing it (lease.ts): text from an earlier claim is not this one's. */
  claim: number;
  /** What listeners subscribe to: a chat session's id, or an Agent Mode run's topic. */
  topic: string;
  /** Saves the text so far where other processes read it, only while this claim holds. */
  save: (text: string) => Promise<void>;
}

export interface StreamHub {
  /** The worker reports the whole text written so far for a run it holds. */
  progress(run: StreamingRun, textSoFar: string, engine: string): void;
  /** The latest text of a run answered in this process, undefined when it is not answered here. */
  localText(runId: string): { text: string; engine: string } | undefined;
  /** Saves the latest text now (before a stop reads it); resolves when written. */
  flush(runId: string): Promise<void>;
  /** The run ended here (reply stored, failed, stopped): forget it. */
  finished(runId: string): void;
  /** Calls `listener` whenever a run of the topic has new text (here or in another process). */
  subscribe(topic: string, listener: Listener): () => void;
  /** Asks whichever process answers the run to stop writing (its model call is aborted). */
  requestStop(runId: string): Promise<void>;
  /** Adds a handler for stop requests in this process (each runtime aborts its own runs). */
  onStopRequest(handler: (runId: string) => void): void;
  /** True once the app is closing: open streams end (their clients fall back to the poll). */
  closed(): boolean;
  close(): Promise<void>;
}

interface LocalRun {
  run: StreamingRun;
  text: string;
  engine: string;
  savedLength: number;
  timer: NodeJS.Timeout | null;
  saving: Promise<void> | null;
}

interface Logger {
  warn(object: object, message: string): void;
}

export async function createStreamHub(database: Database, logger: Logger): Promise<StreamHub> {
  const runs = new Map<string, LocalRun>();
  const listeners = new Map<string, Set<Listener>>();
  const stopHandlers = new Set<(runId: string) => void>();
  const stopHandler = (runId: string) => {
    for (const handler of stopHandlers) handler(runId);
  };
  let closing = false;

  const tell = (topic: string) => {
    for (const listener of listeners.get(topic) ?? []) listener();
  };

  const channel = await database.openNotifyChannel(STREAM_CHANNEL, {
    onMessage: (payload) => {
      const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
      if (kind === 't:') tell(id);
      else if (kind === 's:') stopHandler(id);
    },
    onConnectionLost: (error) => logger.warn({ err: error }, 'Stream hub listener lost its connection; reconnecting'),
  });

  const save = async (local: LocalRun): Promise<void> => {
    local.timer = null;
    if (local.text.length === local.savedLength) return;
    const text = local.text;
    await local.run.save(text);
    local.savedLength = text.length;
    // In-process streams already had this text; other processes learn of it now.
    await channel?.notify(`t:${local.run.topic}`);
  };

  const saveSoon = (local: LocalRun) => {
    if (local.timer || local.saving) return;
    local.timer = setTimeout(() => {
      local.saving = save(local)
        .catch((error: unknown) => logger.warn({ err: error, runId: local.run.id }, 'Could not save text being written'))
        .finally(() => {
          local.saving = null;
          // Text that came while saving is saved next.
          if (local.text.length !== local.savedLength && runs.get(local.run.id) === local) saveSoon(local);
        });
    }, PERSIST_INTERVAL_MS);
    local.timer.unref();
  };

  return {
    progress(run, textSoFar, engine) {
      let local = runs.get(run.id);
      if (!local || local.run.claim !== run.claim) {
        local = { run, text: '', engine, savedLength: 0, timer: null, saving: null };
        runs.set(run.id, local);
      }
      local.text = textSoFar;
      local.engine = engine;
      tell(run.topic);
      saveSoon(local);
    },
    localText(runId) {
      const local = runs.get(runId);
      return local && { text: local.text, engine: local.engine };
    },
    async flush(runId) {
      const local = runs.get(runId);
      if (!local) return;
      if (local.timer) clearTimeout(local.timer);
      await local.saving;
      await save(local);
    },
    finished(runId) {
      const local = runs.get(runId);
      if (local?.timer) clearTimeout(local.timer);
      runs.delete(runId);
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(topic) === set) listeners.delete(topic);
      };
    },
    async requestStop(runId) {
      stopHandler(runId);
      await channel?.notify(`s:${runId}`);
    },
    onStopRequest(handler) {
      stopHandlers.add(handler);
    },
    closed: () => closing,
    async close() {
      closing = true;
      for (const local of runs.values()) if (local.timer) clearTimeout(local.timer);
      runs.clear();
      // Wakes every open stream so it sees the close and ends.
      for (const topic of [...listeners.keys()]) tell(topic);
      listeners.clear();
      await channel?.close();
    },
  };
}
