import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, Theme } from '@radix-ui/themes';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Select } from '../../../src/ui/Select';
import { installDomShims } from '../app/support/dom';

beforeAll(installDomShims);

function ToneSelect() {
  const [tone, setTone] = useState('warm');
  return (
    <>
      <Select.Root value={tone} onValueChange={setTone}>
        <Select.Trigger aria-label="Tone" />
        <Select.Content position="popper">
          <Select.Item value="warm">Warm</Select.Item>
          <Select.Item value="plain">Plain</Select.Item>
          <Select.Item value="bold">Bold</Select.Item>
        </Select.Content>
      </Select.Root>
      <p>Tone chosen: {tone}</p>
    </>
  );
}

/** A page like the shell's: a skip link, a sidebar and a main with its h1 and a select. */
function Page() {
  return (
    <Theme>
      <a href="#main">Skip to main content</a>
      <aside aria-label="Sidebar">
        <a href="/dashboard">Dashboard</a>
      </aside>
      <main id="main">
        <h1>Brand voice</h1>
        <ToneSelect />
      </main>
    </Theme>
  );
}

describe('Select (src/ui)', () => {
  it('leaves the page visible to assistive technology while its list is open, and draws the list inside the button’s landmark', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('combobox', { name: 'Tone' }));
    const list = await screen.findByRole('listbox');
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });

    // Radix did mark the page to hide it (its data-aria-hidden), and the hiding itself was taken back.
    await waitFor(() => {
      expect(skipLink.hasAttribute('data-aria-hidden')).toBe(true);
      expect(document.querySelectorAll('[data-aria-hidden][aria-hidden="true"]')).toHaveLength(0);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Brand voice' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('listbox')).toBe(list);
  });

  it('picks with the keyboard, and Escape closes the list and returns focus to its button', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const trigger = screen.getByRole('combobox', { name: 'Tone' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('listbox');
    expect(list.contains(document.activeElement)).toBe(true);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Tone chosen: plain')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.click(trigger);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(screen.getByText('Tone chosen: plain')).toBeTruthy();
  });

  it('in a dialog, draws the list in the dialog and leaves hidden what the dialog hid', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Theme>
        <a href="#main">Skip to main content</a>
        <main id="main">
          <h1>Manage Users</h1>
          <Dialog.Root defaultOpen>
            <Dialog.Content aria-describedby={undefined}>
              <Dialog.Title>Invite member</Dialog.Title>
              <ToneSelect />
            </Dialog.Content>
          </Dialog.Root>
        </main>
      </Theme>,
    );
    const dialog = await screen.findByRole('dialog');
    // The page behind the dialog: hidden by the dialog, as a modal dialog should.
    expect(container.getAttribute('aria-hidden')).toBe('true');

    await user.click(within(dialog).getByRole('combobox', { name: 'Tone' }));
    const list = await within(dialog).findByRole('listbox');
    await waitFor(() => expect(within(dialog).getByText(/Tone chosen/).hasAttribute('data-aria-hidden')).toBe(true));
    await waitFor(() => expect(within(dialog).getByText(/Tone chosen/).getAttribute('aria-hidden')).toBeNull());
    expect(dialog.contains(list)).toBe(true);
    expect(container.getAttribute('aria-hidden')).toBe('true');

    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).toBeNull();
    expect(container.getAttribute('aria-hidden')).toBe('true');
  });
});
