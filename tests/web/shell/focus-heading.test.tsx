import { act, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusHeadingOnNavigate } from '../../../src/app/shell/useFocusHeadingOnNavigate';

function Shell() {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/second')}>
        Go to the second screen
      </button>
      <button type="button" onClick={() => navigate('/form')}>
        Go to the form
      </button>
      <main ref={main}>
        <Routes>
          <Route path="/first" element={<h1>First screen</h1>} />
          <Route path="/second" element={<h1>Second screen</h1>} />
          <Route
            path="/form"
            element={
              <>
                <h1>Form screen</h1>
                {/* Claims focus itself, like the composer after a send or an autofocused field. */}
                <input aria-label="Name" autoFocus />
              </>
            }
          />
        </Routes>
      </main>
    </>
  );
}

function renderShell() {
  render(
    <MemoryRouter initialEntries={['/first']}>
      <Shell />
    </MemoryRouter>,
  );
}

describe('focus after a navigation', () => {
  it("moves to the new screen's heading once the screen has painted", async () => {
    renderShell();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'First screen' })));

    const link = screen.getByRole('button', { name: 'Go to the second screen' });
    link.focus();
    act(() => link.click());
    // Not in the render's own task: the layout that focusing forces waits for the paint.
    expect(document.activeElement).toBe(link);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second screen' })));
  });

  it('leaves focus that the new screen claimed where it is', async () => {
    renderShell();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'First screen' })));

    act(() => screen.getByRole('button', { name: 'Go to the form' }).click());
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(field);
    // Two frames and a task later the field still has it.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    expect(document.activeElement).toBe(field);
  });
});

describe('a page opened afresh', () => {
  /** The browser's record of whether the person has clicked or typed on the page yet. */
  function userActivation(hasBeenActive: boolean) {
    Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive, isActive: false }, configurable: true });
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'userActivation');
  });

  it('stays at its start until the person acts, then focus follows their navigations', async () => {
    userActivation(false);
    renderShell();
    screen.getByRole('heading', { name: 'First screen' });
    // Past the paint and the task after it: the heading would have been focused by now.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    expect(document.activeElement).toBe(document.body);

    userActivation(true);
    act(() => screen.getByRole('button', { name: 'Go to the second screen' }).click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second screen' })));
  });
});
