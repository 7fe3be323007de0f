/**
 * Organisation management in real Chromium against the real server and a real production build:
 * an owner invites an admin, the invite email (in the server's outbox: no SMTP here) carries a
 * link, that person follows it, registers and lands in the owner's organisation, and the owner
 * then sees them as a member and changes their role.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSpaceFor } from './pwa-support';
import { apiLogin, newContext, registerAccount, signInThroughUi, uniqueAccount, startAppForFile } from './harness';
import { inviteLinkIn, readOutbox } from '../helpers/mail';
import { INVITE_SUBJECT } from '../../server/src/mail/templates/invite-mail';

const app = startAppForFile();

const invitesList = (page: Page) => page.getByRole('list', { name: 'Pending invites' });
const memberRow = (page: Page, name: string) => page.getByRole('row', { name, exact: true });

describe('inviting a colleague', () => {
  it('invites an admin, who follows the emailed link, registers and joins; the owner then makes them a member', async () => {
    const owner = { ...uniqueAccount('owner'), name: 'Olga Owner' };
    await registerAccount(app.server.baseUrl, owner);
    const ownerTokens = await apiLogin(app.server.baseUrl, owner);
    await createSpaceFor(app.server.baseUrl, ownerTokens.access_token, 'Spring Launch', 'spring-launch');
    // Same domain as the owner's organisation: the invite, not the domain, decides where they go.
    const invitee = {
      name: 'Ivan Invited',
      email: `ivan.${Date.now().toString(36)}@${owner.email.split('@')[1]}`,
      password: 'another correct horse battery',
    };

    const ownerContext = await newContext(app.browser);
    const ownerPage = await ownerContext.newPage();
    await signInThroughUi(ownerPage, app.server.baseUrl, owner);
    await ownerPage.goto(`${app.server.baseUrl}/org-admin/users`);
    await ownerPage.getByRole('heading', { name: 'Manage Users', level: 1 }).waitFor();
    await memberRow(ownerPage, owner.name).waitFor();
    await ownerPage.getByText('No pending invites', { exact: true }).waitFor();

    await ownerPage.getByRole('button', { name: 'Invite member' }).first().click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await ownerPage.getByRole('option', { name: 'Admin', exact: true }).click();
    await dialog.getByText('Admins manage members, invites and spaces.').waitFor();
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    // No SMTP on this server: the dialog says so rather than "sent", and offers the link.
    const notice = dialog.getByRole('status');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`was not emailed: this server has no mail delivery set up. Copy the link and send it to ${invitee.email} yourself.`);
    const shownLink = await dialog.getByLabel('Invite link').inputValue();

    // The email, as the server wrote it to its outbox, carries the same link.
    const outbox = await readOutbox(join(app.server.dataDir, 'outbox'));
    const mail = outbox.find((entry) => entry.to.includes(invitee.email));
    if (!mail) throw new Error(`no invite email for ${invitee.email} in the outbox`);
    // A fixed subject: text the inviter chooses (names) never reaches a mail's subject line.
    expect(mail.subject).toBe(INVITE_SUBJECT);
    const link = inviteLinkIn(mail);
    expect(link).toBe(shownLink);
    expect(new URL(link).origin).toBe(app.server.baseUrl);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const invite = invitesList(ownerPage).getByRole('listitem', { name: invitee.email });
    await invite.waitFor();
    expect(await invite.innerText()).toContain('Admin');
    expect(await invite.innerText()).toContain(`by ${owner.name}`);

    // The invited person, on their own browser, follows the link from the email.
    const inviteeContext = await newContext(app.browser);
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(link);
    await inviteePage.getByRole('heading', { name: 'Create your account' }).waitFor();
    // The link says where and as what they join; the invited address is filled in and locked;
    // no organisation name, no "join existing", and the domain is never looked up.
    const invitation = inviteePage.getByRole('status').filter({ hasText: "You're joining" });
    await invitation.waitFor();
    expect(await invitation.innerText()).toBe(`You're joining ${owner.org_name} as Admin.`);
    const emailField = inviteePage.getByLabel('Work email');
    expect(await emailField.inputValue()).toBe(invitee.email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await inviteePage.getByLabel('Organisation name').count()).toBe(0);
    expect(await inviteePage.getByRole('radio').count()).toBe(0);
    await inviteePage.getByLabel('Name', { exact: true }).fill(invitee.name);
    await inviteePage.getByLabel('Password').fill(invitee.password);
    const registered = inviteePage.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/v1/register');
    await inviteePage.getByRole('button', { name: 'Create account' }).click();
    expect((await registered).postDataJSON()).toEqual({
      email: invitee.email,
      password: invitee.password,
      name: invitee.name,
      invite_token: new URL(link).searchParams.get('invite'),
    });

    await inviteePage.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    const nav = inviteePage.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('region', { name: 'Organisation Admin' }).getByRole('link', { name: 'Manage Users' }).waitFor();
    await inviteePage.getByRole('button', { name: `Account menu for ${invitee.name}` }).waitFor();
    await inviteePage.getByRole('button', { name: /^Space:/ }).click();
    const menuItems = inviteePage.getByRole('menuitem');
    await menuItems.filter({ hasText: 'Spring Launch' }).waitFor();
    // Exactly the owner's two spaces: no organisation (and no "General" of its own) was made for them.
    const spaceNames = (await menuItems.allInnerTexts()).filter((text) => text !== 'Create New Space');
    expect(spaceNames).toEqual([expect.stringMatching(/^General\b/), 'Spring Launch']);
    await inviteePage.keyboard.press('Escape');
    await inviteeContext.close();

    // The owner's screen, reloaded: the new admin is a member and the invite has been used.
    await ownerPage.reload();
    await ownerPage.getByRole('heading', { name: 'Manage Users', level: 1 }).waitFor();
    const row = memberRow(ownerPage, invitee.name);
    await row.waitFor();
    expect(await row.innerText()).toContain(invitee.email);
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('Admin');
    expect(await row.getByRole('combobox', { name: `Role of ${invitee.name}` }).innerText()).toBe('Admin');
    await ownerPage.getByText('No pending invites', { exact: true }).waitFor();
    expect(await invitesList(ownerPage).count()).toBe(0);

    await row.getByRole('combobox', { name: `Role of ${invitee.name}` }).click();
    await ownerPage.getByRole('option', { name: 'Member', exact: true }).click();
    await ownerPage.getByText(`${invitee.name} is now member`, { exact: true }).waitFor();
    await expect.poll(() => row.getByRole('combobox', { name: `Role of ${invitee.name}` }).innerText()).toBe('Member');
    // The change is the server's, not only the screen's.
    await ownerPage.reload();
    await memberRow(ownerPage, invitee.name).waitFor();
    await expect
      .poll(() => memberRow(ownerPage, invitee.name).getByRole('combobox', { name: `Role of ${invitee.name}` }).innerText())
      .toBe('Member');
    expect(await memberRow(ownerPage, invitee.name).getByRole('cell').nth(1).innerText()).toBe('Member');
    await ownerContext.close();
  }, 120_000);
});
