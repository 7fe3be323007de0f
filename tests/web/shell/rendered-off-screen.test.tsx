/**
 * src/app/shell/useRenderedOffScreen.ts: the phone's closed sidebar renders after the screen's
 * heading (at the browser's next idle moment), at once when it is opened, and stays rendered.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFF_SCREEN_WAIT_FOR_SCREEN_MS, useRenderedOffScreen } from '../../../src/app/shell/useRenderedOffScreen';

function Overlay({ offScreen }: { offScreen: boolean }) {
  const rendered = useRenderedOffScreen(offScreen);
  return <aside aria-label="Overlay">{rendered ? <nav aria-label="Inside" /> : null}</aside>;
}

/** The shell's `<main>`, where the screen's heading lands. */
function Main() {
  return <main id="main-content" />;
}

/** The browser's next idle moment: jsdom has no requestIdleCallback, so a zero-delay timer
 * (src/pwa/when-idle.ts), which fake timers run 1 ms later when it was set by another timer. */
const idleMoment = () => act(() => vi.advanceTimersByTime(1));

const inside = () => screen.queryByRole('navigation', { name: 'Inside' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('content that is not on screen', () => {
  it("waits for the screen's heading, then renders when the browser is idle", async () => {
    render(
      <>
        <Overlay offScreen />
        <Main />
      </>,
    );
    act(() => vi.advanceTimersByTime(OFF_SCREEN_WAIT_FOR_SCREEN_MS - 1));
    expect(inside()).toBeNull();

    const heading = document.createElement('h1');
    heading.textContent = 'Dashboard';
    await act(async () => {
      document.getElementById('main-content')!.append(heading);
      await Promise.resolve(); // the mutation observer's turn
    });
    expect(inside()).toBeNull();
    idleMoment();
    expect(inside()).not.toBeNull();
  });

  it('renders anyway when no screen heading comes', () => {
    render(
      <>
        <Overlay offScreen />
        <Main />
      </>,
    );
    act(() => vi.advanceTimersByTime(OFF_SCREEN_WAIT_FOR_SCREEN_MS));
    expect(inside()).toBeNull();
    idleMoment();
    expect(inside()).not.toBeNull();
  });

  it('renders at once when it comes on screen, and stays rendered when it leaves', () => {
    const view = render(
      <>
        <Overlay offScreen />
        <Main />
      </>,
    );
    expect(inside()).toBeNull();
    view.rerender(
      <>
        <Overlay offScreen={false} />
        <Main />
      </>,
    );
    expect(inside()).not.toBeNull();
    view.rerender(
      <>
        <Overlay offScreen />
        <Main />
      </>,
    );
    expect(inside()).not.toBeNull();
  });

  it('is rendered from the start when it starts on screen (the desktop sidebar)', () => {
    render(<Overlay offScreen={false} />);
    expect(inside()).not.toBeNull();
  });
});
