import { act, render, screen } from '@testing-library/react';
import { Theme } from '@radix-ui/themes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FullPageLoader, START_UP_SPINNER_AT_MS } from '../../../src/ui/FullPageLoader';
import { SCREEN_SPINNER_DELAY_MS, ScreenLoader } from '../../../src/ui/ScreenLoader';

/** Radix's Spinner is the only element with this class: present means animating. */
const spinner = (container: HTMLElement) => container.querySelector('.rt-Spinner');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the start-up loader', () => {
  it('says it is loading at once and adds a spinner only once the page has loaded for two seconds', () => {
    vi.advanceTimersByTime(500); // the page's clock: half a second after the navigation
    const { container } = render(<Theme><FullPageLoader /></Theme>);
    expect(screen.getByRole('status').textContent).toContain('Loading Mosaic…');
    expect(spinner(container)).toBeNull();

    act(() => vi.advanceTimersByTime(START_UP_SPINNER_AT_MS - 500 - 1));
    expect(spinner(container)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(spinner(container)).not.toBeNull();
  });

  it('shows the spinner from the start when it mounts after a long wait (a remount does not restart the delay)', () => {
    vi.advanceTimersByTime(START_UP_SPINNER_AT_MS + 100);
    const { container } = render(<Theme><FullPageLoader /></Theme>);
    expect(spinner(container)).not.toBeNull();
  });
});

describe('the screen loader', () => {
  it('shows no spinner for a quick screen and one once the screen’s code takes longer', () => {
    vi.advanceTimersByTime(10_000); // long after the page's start: the delay counts from the loader
    const { container } = render(<Theme><ScreenLoader /></Theme>);
    expect(screen.getByRole('status', { name: 'Loading screen' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(SCREEN_SPINNER_DELAY_MS - 1));
    expect(spinner(container)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(spinner(container)).not.toBeNull();
  });

  it('stops waiting when it leaves the page', () => {
    const { unmount } = render(<Theme><ScreenLoader /></Theme>);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
