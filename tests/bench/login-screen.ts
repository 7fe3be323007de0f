/** How a bench signs its browser in: through the real Login screen, as a person does. */
import type { Page } from 'playwright-core';

/** Fills in and sends the Login form, then waits until the app has left it. */
export async function signInOnLoginScreen(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
