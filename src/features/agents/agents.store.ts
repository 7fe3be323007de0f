/**
 * Agents catalogue and chat lists: fetches write into Dexie (sessions, messages) and the valtio
 * state keeps only what is live: loading flags and errors. Reset on logout, reloaded on a space
 * switch (spec 001 §4 "Space switch").
 */
import { proxy } from 'valtio';
import { isSavedAnswer } from '../../api';
import { readValue, saveValue } from '../../db';
import { onSessionReset, onSpaceSwitch } from '../../session';
import { getCurrentSpace } from '../spaces/spaces.store';
import { agentConfigApi } from './agent-config.api';
import { agentsApi } from './agents.api';
import { chatsStartedIn, deliveriesTo, holdsMessagesOf, mergeMessages, saveSession, saveSessions } from './agents.sync';
import { noteEarlierMessages, readChatPages, saveEarlierPage, saveNewestPage } from './chat-pages';
import type { Agent, RunDto } from '../../contract/agents';
import { agentErrorMessage } from './lib/errors';

interface AgentsState {
  agents: Agent[];
  agentsLoading: boolean;
  agentsError: string | null;
  sessionsLoading: boolean;
  sessionsError: string | null;
  messagesLoading: Record<string, boolean>;
  messagesError: Record<string, string | null>;
  /** A page of earlier messages is being read (the reader scrolled to the top of what is held). */
  earlierLoading: Record<string, boolean>;
  /** Why the last page of earlier messages could not be read; null when it was. */
  earlierError: Record<string, string | null>;
  /** The latest run of each opened session, as the server last reported it. */
  runs: Record<string, RunDto | null>;
}

const initial = (): AgentsState => ({
  agents: [],
  agentsLoading: false,
  agentsError: null,
  sessionsLoading: false,
  sessionsError: null,
  messagesLoading: {},
  messagesError: {},
  earlierLoading: {},
  earlierError: {},
  runs: {},
});

export const agentsState = proxy<AgentsState>(initial());

/** The catalogue is saved on the device too, so the agent screens open offline. */
const CATALOGUE = 'agents-catalogue';

export async function loadAgents(): Promise<void> {
  const spaceId = getCurrentSpace()?.id ?? null;
  agentsState.agentsLoading = true;
  try {
    if (agentsState.agents.length === 0 && spaceId) {
      const saved = await readValue(CATALOGUE, spaceId);
      if (Array.isArray(saved)) agentsState.agents = saved as Agent[];
    }
    const agents = await agentsApi.listAgents();
    agentsState.agents = agents;
    agentsState.agentsError = null;
    if (spaceId) await saveValue(CATALOGUE, spaceId, agents);
  } catch (error) {
    agentsState.agentsError = agentErrorMessage(error, 'agents');
  } finally {
    agentsState.agentsLoading = false;
  }
}

/** Every session of the current space (each agent's screen filters the saved list). */
export async function loadSessions(): Promise<void> {
  const space = getCurrentSpace();
  if (!space) return;
  agentsState.sessionsLoading = true;
  const startedBefore = chatsStartedIn(space.id);
  try {
    await saveSessions(space.id, await agentsApi.listSessions(), () => chatsStartedIn(space.id) !== startedBefore);
    agentsState.sessionsError = null;
  } catch (error) {
    agentsState.sessionsError = agentErrorMessage(error, 'sessions');
  } finally {
    agentsState.sessionsLoading = false;
  }
}

/** A session's newest messages from the server into Dexie; returns its latest run (to resume waiting). */
export async function loadSessionMessages(sessionId: string): Promise<RunDto | null> {
  const space = getCurrentSpace();
  if (!space) return null;
  agentsState.messagesLoading[sessionId] = true;
  const deliveriesBefore = deliveriesTo(sessionId);
  try {
    const result = await agentsApi.sessionMessages(sessionId);
    if (isSavedAnswer(result) && (await holdsMessagesOf(sessionId))) {
      // The service worker's saved copy (the network failed, or was slower than its 4 s): what the
      // server said when last asked, no newer than what the device holds (every live answer was
      // saved here, and a reply the stream delivered is here before the worker's copy has it).
      // Replacing the chat with it would take away the rows that came since, for as long as the
      // screen is open: the device's copy stays. Its run is still reported, as before (a reply
      // still being written is waited for, and the wait asks the server itself).
      agentsState.runs[sessionId] = result.run;
      agentsState.messagesError[sessionId] = null;
      return result.run;
    }
    await saveSession(space.id, result.session);
    // A delivery (a reply the stream brought, a message of ours the server accepted) after this
    // answer was asked for: the device is newer. Asked as the answer is written, in its transaction,
    // so a delivery recorded while it was being prepared counts too.
    const deliveredMeanwhile = () => deliveriesTo(sessionId) !== deliveriesBefore;
    if (!(await saveNewestPage(space.id, sessionId, result.messages, result.has_more === true, deliveredMeanwhile))) {
      // Add what the answer has, remove nothing, and keep the run as the delivery left it, so the
      // reply neither vanishes nor is waited for again.
      await mergeMessages(space.id, result.messages);
      if (result.has_more === true) await noteEarlierMessages(space.id, sessionId, result.messages[0]?.id);
      agentsState.messagesError[sessionId] = null;
      return null;
    }
    agentsState.runs[sessionId] = result.run;
    agentsState.messagesError[sessionId] = null;
    return result.run;
  } catch (error) {
    agentsState.messagesError[sessionId] = agentErrorMessage(error, 'messages');
    return null;
  } finally {
    agentsState.messagesLoading[sessionId] = false;
  }
}

/** Reads of earlier pages in flight, by chat: a scroll to the top and an export share one. */
const earlierReads = new Map<string, Promise<void>>();

/** The page of messages before the oldest one the device holds, added to what it holds. */
export function loadEarlierMessages(sessionId: string): Promise<void> {
  const inFlight = earlierReads.get(sessionId);
  if (inFlight) return inFlight;
  const read = readEarlierPage(sessionId).finally(() => earlierReads.delete(sessionId));
  earlierReads.set(sessionId, read);
  return read;
}

async function readEarlierPage(sessionId: string): Promise<void> {
  const space = getCurrentSpace();
  if (!space) return;
  agentsState.earlierLoading[sessionId] = true;
  try {
    const pages = await readChatPages(space.id, sessionId);
    if (!pages?.hasEarlier || !pages.before) return;
    const result = await agentsApi.sessionMessages(sessionId, { before: pages.before });
    await saveEarlierPage(space.id, sessionId, pages.before, result.messages, result.has_more === true);
    agentsState.earlierError[sessionId] = null;
  } catch (error) {
    agentsState.earlierError[sessionId] = agentErrorMessage(error, 'messages');
  } finally {
    agentsState.earlierLoading[sessionId] = false;
  }
}

/**
 * Every earlier page of the chat, read until the device holds the whole chat (an export is of the
 * whole chat). False when a page could not be read (offline, or the server refused).
 */
export async function loadWholeChat(sessionId: string): Promise<boolean> {
  let previous: string | null = null;
  for (;;) {
    const space = getCurrentSpace();
    if (!space) return false;
    const pages = await readChatPages(space.id, sessionId);
    if (!pages?.hasEarlier || !pages.before) return true;
    // A read that added nothing (the chat changed under it, or the space did): stop rather than ask again.
    if (pages.before === previous) return false;
    previous = pages.before;
    agentsState.earlierError[sessionId] = null;
    await loadEarlierMessages(sessionId);
    if (agentsState.earlierError[sessionId]) return false;
  }
}

export function agentNamed(slug: string): Agent | undefined {
  return agentsState.agents.find((agent) => agent.slug === slug);
}

export function resetAgents(): void {
  Object.assign(agentsState, initial());
  agentConfigApi.forget();
}

onSessionReset(resetAgents);
onSpaceSwitch(async () => {
  resetAgents();
  await Promise.all([loadAgents(), loadSessions()]);
});
