import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme } from '@radix-ui/themes';
import { beforeAll, describe, expect, it } from 'vitest';
import { DropdownMenu } from '../../../src/ui/DropdownMenu';
import { installDomShims } from '../app/support/dom';

beforeAll(installDomShims);

/** A page like the shell's: a skip link, a sidebar and a main with its h1 and a menu. */
function Page() {
  return (
    <Theme>
      <a href="#main">Skip to main content</a>
      <aside aria-label="Sidebar">
        <a href="/dashboard">Dashboard</a>
      </aside>
      <main id="main">
        <h1>Chat</h1>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>
            <button type="button">Export</button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Content>
            <DropdownMenu.Item>Markdown (.md)</DropdownMenu.Item>
            <DropdownMenu.Item>Word (.docx)</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      </main>
    </Theme>
  );
}

describe('DropdownMenu (src/ui)', () => {
  it('leaves the page visible to assistive technology while open, and draws the menu inside the trigger’s landmark', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const menu = await screen.findByRole('menu');

    // A modal menu would mark the skip link, sidebar and h1 aria-hidden while they stay focusable.
    expect(document.querySelectorAll('[aria-hidden="true"]:not(svg)')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('menu')).toBe(menu);
  });

  it('moves focus into the menu, and Escape closes it and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const trigger = screen.getByRole('button', { name: 'Export' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
