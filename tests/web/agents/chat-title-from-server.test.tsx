/**
 * A new chat's title (docs/agents.md "Titles"): the server names a chat from its first message, and
 * with a model again from the first exchange, stored with the reply. That second title reaches the
 * device when the reply arrives, with no reload and no visit to the chat list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message } from './fake-agents';
import { setUpChatScreenTests } from './chat-support';
import { controlledStream, runOf } from './controlled-stream';

const QUESTION = 'Which keywords should the landing page of our sourdough bakery in Porto target first?';
const FIRST_TITLE = 'Keywords for sourdough bakery landing page';
const SERVER_TITLE = 'Porto sourdough bakery: first keywords';
/** What the server calls the chat: its first name until the reply is stored with the model's. */
let serverTitle = FIRST_TITLE;

let api: FakeApi;
let stream: ReturnType<typeof controlledStream>;

setUpChatScreenTests({
  role: 'org_owner',
  prepare: (fake, chat) => {
    api = fake;
    chat.pollReply = () => ({ status: 200, body: { run: runOf('run-1', 'running', 'msg-user-1'), timed_out: true, messages: [] } });
    const now = new Date().toISOString();
    serverTitle = FIRST_TITLE;
    const session = () => ({ id: 'sess-1', title: serverTitle, agent_slug: 'seo', created_at: now, updated_at: now });
    api.on('GET /agents/sessions/sess-1/messages', () => ({ status: 200, body: { session: session(), messages: [message('msg-user-1', 'sess-1', 'user', QUESTION, now)], run: null } }));
    stream = controlledStream();
    api.on('GET /agents/sessions/sess-1/stream', () => ({ status: 200, stream: stream.body }));
  },
});

describe("a new chat's title", () => {
  it("is the one the server named it with its first reply, once that reply arrives", async () => {
    const { user } = renderApp('/agents/seo');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), `${QUESTION}{Enter}`);
    await screen.findByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(api.callsTo('GET /agents/sessions/sess-1/stream')).toHaveLength(1));
    expect((await db.sessions.get('sess-1'))?.title).not.toBe(SERVER_TITLE);

    serverTitle = SERVER_TITLE;
    stream.done({ run: runOf('run-1', 'succeeded', 'msg-user-1', 'm9'), message: message('m9', 'sess-1', 'assistant', 'Start with **sourdough bakery porto**.', new Date().toISOString()) });

    await waitFor(async () => expect((await db.sessions.get('sess-1'))?.title).toBe(SERVER_TITLE));
    expect(await within(screen.getByRole('region', { name: 'Chat' })).findByRole('heading', { name: SERVER_TITLE })).toBeTruthy();
  });
});
