/**
 * Prompt templates (issue 12 item 10), on the real screens: "/" at the start of the message box
 * lists the templates offered to this agent, typing narrows them, ↑ ↓ Enter insert one, a template
 * with blanks asks for them first; the list works offline from the device; Agent Configuration
 * manages them, with the organisation's templates read-only for members.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PromptTemplateDto } from '../../../src/contract/prompt-templates';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa/connectivity.store';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

const template = (id: string, title: string, body: string, extra: Partial<PromptTemplateDto> = {}): PromptTemplateDto => ({
  id,
  scope: 'org',
  title,
  body,
  agent_slugs: [],
  variables: [...body.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!),
  editable: false,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  ...extra,
});

const TEMPLATES = [
  template('t1', 'Launch email', 'Write a launch email for {{product}} aimed at {{audience}}.', { agent_slugs: ['seo', 'email'] }),
  template('t2', 'Weekly recap', 'Summarise this week for the team.', { agent_slugs: ['email'] }),
  template('t3', 'Meta description', 'Write a meta description for our homepage.'),
  template('t4', 'My keyword check', 'Check these keywords: {{keywords}}', { scope: 'personal', editable: true }),
];


/** Whole screens on a shared, busy machine: more room than the default per test. */
const SLOW = { timeout: 120_000 };
let api: FakeApi;

setUpChatScreenTests({
  role: 'org_member',
  prepare: (fake) => {
    api = fake;
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Hello', '2026-03-01T09:00:00.000Z')]);
    api.on('GET /prompt-templates', () => ({ status: 200, body: { templates: TEMPLATES } }));
  },
});
afterEach(() => {
  act(() => reportNetworkSuccess());
});

async function openChat() {
  const app = renderApp('/agents/seo/chat/sess-1');
  // The first render of the chat screen in a file pays for transforming its modules: a longer bound.
  await screen.findByRole('log', { name: 'Conversation' }, { timeout: 45_000 });
  return { ...app, box: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

const optionTitles = (list: HTMLElement) => within(list).getAllByRole('option').map((option) => option.querySelector('.template-menu__title')?.textContent);

describe('"/" in the message box', SLOW, () => {
  it('lists the templates offered to this agent, narrows as you type, and inserts one with Enter', async () => {
    const { user, box } = await openChat();
    await user.type(box, '/');
    const list = await screen.findByRole('listbox', { name: 'Prompt templates' });
    // Weekly recap is offered to the Email agent only.
    expect(optionTitles(list)).toEqual(['Launch email', 'Meta description', 'My keyword check']);
    expect(box.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]!.id);

    await user.type(box, 'meta');
    expect(optionTitles(screen.getByRole('listbox', { name: 'Prompt templates' }))).toEqual(['Meta description']);
    await user.keyboard('{Enter}');
    expect(box.value).toBe('Write a meta description for our homepage.');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter inserted the template; it did not send anything.
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);
  });

  it('asks for the blanks of a template, then puts the filled text in the box', async () => {
    const { user, box } = await openChat();
    await user.type(box, '/');
    await screen.findByRole('listbox', { name: 'Prompt templates' });
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    const form = await screen.findByRole('group', { name: 'Fill in the template “Launch email”' });
    const product = within(form).getByRole('textbox', { name: 'product' });
    await waitFor(() => expect(document.activeElement).toBe(product));
    await user.type(product, 'terracotta planters');
    await user.type(within(form).getByRole('textbox', { name: 'audience' }), 'balcony gardeners{Enter}');
    await waitFor(() => expect(box.value).toBe('Write a launch email for terracotta planters aimed at balcony gardeners.'));
    expect(screen.queryByRole('group', { name: /Fill in the template/ })).toBeNull();
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);
  });

  it('closes with Escape and leaves the text as typed', async () => {
    const { user, box } = await openChat();
    await user.type(box, '/launch');
    await screen.findByRole('listbox', { name: 'Prompt templates' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box.value).toBe('/launch');

    // Cleared and typed again, the same "/launch" opens the list again.
    await user.clear(box);
    await user.type(box, '/launch');
    expect(await screen.findByRole('listbox', { name: 'Prompt templates' })).toBeTruthy();
  });

  it('offers the saved templates offline', async () => {
    const first = await openChat();
    await first.user.type(first.box, '/');
    await screen.findByRole('listbox', { name: 'Prompt templates' });
    first.view.unmount();

    act(() => reportNetworkFailure());
    api.on('GET /prompt-templates', () => ({ status: 503, body: { detail: 'Server error' } }));
    const again = await openChat();
    // The box keeps its draft ("/") across the reload: start again from an empty box.
    await waitFor(() => expect(again.box.value).toBe('/'));
    await again.user.clear(again.box);
    await again.user.type(again.box, '/my');
    expect(optionTitles(await screen.findByRole('listbox', { name: 'Prompt templates' }))).toEqual(['My keyword check']);
  });
});

describe('managing templates on Agent Configuration', SLOW, () => {
  it('keeps a template added while the list is on its way', async () => {
    api.on('GET /agents', () => ({ status: 200, body: [] }));
    // The list asked for as the screen opens answers only after the new template is saved, as the
    // server had it when asked: without the new one.
    let answerFirstList = () => undefined as void;
    const firstList = new Promise<void>((resolve) => (answerFirstList = resolve));
    let lists = 0;
    api.on('GET /prompt-templates', async () => {
      lists += 1;
      if (lists === 1) {
        await firstList;
        return { status: 200, body: { templates: TEMPLATES } };
      }
      return { status: 200, body: { templates: [...TEMPLATES, template('t5', 'Subject lines', 'Ten subject lines', { scope: 'personal', editable: true })] } };
    });
    api.on('POST /prompt-templates', () => ({ status: 201, body: template('t5', 'Subject lines', 'Ten subject lines', { scope: 'personal', editable: true }) }));
    const { user } = renderApp('/agents/manage');
    const section = await screen.findByRole('region', { name: 'Prompt templates' });
    await waitFor(() => expect(lists).toBe(1));
    await user.click(within(section).getByRole('button', { name: /New template/ }));
    const editor = await screen.findByTestId('template-editor');
    await user.type(within(editor).getByRole('textbox', { name: 'Title' }), 'Subject lines');
    await user.type(within(editor).getByRole('textbox', { name: 'Prompt' }), 'Ten subject lines');
    await user.click(within(editor).getByRole('button', { name: 'Add template' }));
    await waitFor(() => expect(screen.queryByTestId('template-editor')).toBeNull());
    const mine = within(section).getByRole('region', { name: 'My templates' });
    expect(await within(mine).findByText('Subject lines')).toBeTruthy();

    act(() => answerFirstList());
    const organisation = within(section).getByRole('region', { name: 'Organisation templates' });
    await waitFor(() => expect(within(organisation).getAllByTestId('template-item')).toHaveLength(3));
    expect(within(mine).getByText('Subject lines')).toBeTruthy();
    // The stale list was not saved: the list was asked for again, and that one has the new template.
    expect(lists).toBe(2);
  });

  it('lists the organisation’s and my templates; members change only their own', async () => {
    api.on('GET /agents', () => ({ status: 200, body: [] }));
    const { user } = renderApp('/agents/manage');
    const section = await screen.findByRole('region', { name: 'Prompt templates' });
    const organisation = await within(section).findByRole('region', { name: 'Organisation templates' });
    await waitFor(() => expect(within(organisation).getAllByTestId('template-item')).toHaveLength(3));
    expect(within(organisation).getByRole('button', { name: 'Edit Launch email' })).toHaveProperty('disabled', true);
    const mine = within(section).getByRole('region', { name: 'My templates' });
    expect(within(mine).getByRole('button', { name: 'Edit My keyword check' })).toHaveProperty('disabled', false);

    api.on('POST /prompt-templates', (call) => ({
      status: 201,
      body: template('t5', (call.body as { title: string }).title, (call.body as { body: string }).body, { scope: 'personal', editable: true }),
    }));
    await user.click(within(section).getByRole('button', { name: /New template/ }));
    const editor = await screen.findByTestId('template-editor');
    // A member cannot choose the organisation's library.
    expect(within(editor).getByRole('radio', { name: 'Everyone in the organisation' })).toHaveProperty('disabled', true);
    await user.click(within(editor).getByRole('button', { name: 'Add template' }));
    expect(within(editor).getByText('Give the template a title.')).toBeTruthy();
    await user.type(within(editor).getByRole('textbox', { name: 'Title' }), 'Subject lines');
    await user.type(within(editor).getByRole('textbox', { name: 'Prompt' }), 'Ten subject lines about {{{{topic}}');
    expect(within(editor).getByText('Blanks to fill in: topic')).toBeTruthy();
    await user.click(within(editor).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(editor).getByRole('button', { name: 'Add template' }));
    await waitFor(() => expect(screen.queryByTestId('template-editor')).toBeNull());
    expect(api.callsTo('POST /prompt-templates')[0]!.body).toEqual({ scope: 'personal', title: 'Subject lines', body: 'Ten subject lines about {{topic}}', agent_slugs: ['email'] });
    expect(await within(mine).findByText('Subject lines')).toBeTruthy();
  });
});
