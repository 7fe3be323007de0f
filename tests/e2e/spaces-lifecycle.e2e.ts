/**
 * A space renamed and then deleted from Workspace Settings while another browser of the same
 * organisation is working in it: that browser shows the new name, and once the space is deleted
 * its next request moves it to the default space with a message saying why.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSpaceFor } from './pwa-support';
import { apiLogin, newContext, registerAccount, signInThroughUi, startAppForFile, uniqueAccount } from './harness';

const app = startAppForFile();

const spaceTrigger = (page: Page) => page.locator('button.space-trigger');

describe('a space renamed and deleted while someone works in it', () => {
  it('the other browser follows the rename, then recovers to the default space with a message', async () => {
    const owner = { ...uniqueAccount('owner'), name: 'Olga Owner' };
    await registerAccount(app.server.baseUrl, owner);
    const tokens = await apiLogin(app.server.baseUrl, owner);
    await createSpaceFor(app.server.baseUrl, tokens.access_token, 'Spring Launch', 'spring-launch');

    // The other browser works in Spring Launch's knowledge base.
    const worker = await (await newContext(app.browser)).newPage();
    await signInThroughUi(worker, app.server.baseUrl, owner);
    await worker.goto(`${app.server.baseUrl}/knowledge-base`);
    await spaceTrigger(worker).click();
    await worker.getByRole('menuitem', { name: /Spring Launch/ }).click();
    await worker.getByRole('button', { name: 'Space: Spring Launch' }).waitFor();

    // This browser renames it.
    const admin = await (await newContext(app.browser)).newPage();
    await signInThroughUi(admin, app.server.baseUrl, owner);
    await admin.goto(`${app.server.baseUrl}/workspace-settings`);
    await admin.getByRole('button', { name: 'Edit Spring Launch' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit space' });
    await edit.getByLabel('Name').fill('Summer Launch');
    await edit.getByRole('button', { name: 'Save space' }).click();
    await edit.waitFor({ state: 'hidden' });
    await admin.getByRole('listitem', { name: 'Summer Launch' }).waitFor();

    // The other browser shows the new name once it reloads the space list.
    await worker.reload();
    await worker.getByRole('button', { name: 'Space: Summer Launch' }).waitFor();

    // Now it is deleted, with its name typed again.
    await admin.getByRole('button', { name: 'Delete Summer Launch' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete Summer Launch?' });
    await confirm.getByLabel('Type Summer Launch to confirm').fill('Summer Launch');
    await confirm.getByRole('button', { name: 'Delete space' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // The other browser's next request for the space is refused; it moves to General and says why.
    await worker.getByRole('link', { name: 'AI Agents' }).first().click();
    const message = worker.getByText('"Summer Launch" is no longer available: it was deleted or archived. You are now in "General".');
    await message.waitFor({ timeout: 30_000 });
    await worker.getByRole('button', { name: 'Space: General' }).waitFor();
    expect(await worker.getByRole('button', { name: 'Space: Summer Launch' }).count()).toBe(0);
  }, 240_000);
});
