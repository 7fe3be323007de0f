import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from '../../../src/ui/lazy-screen';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class CatchError extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.message === null ? this.props.children : <p role="alert">{this.state.message}</p>;
  }
}

/** A module download the test finishes by hand. */
function controlledDownload() {
  let finish: () => void = () => undefined;
  const module = new Promise<{ default: typeof Hello }>((resolve) => {
    finish = () => resolve({ default: Hello });
  });
  return { load: () => module, finish: () => finish() };
}

describe('lazyScreen', () => {
  it('shows the fallback until the code arrives, then the screen with its props', async () => {
    const download = controlledDownload();
    const Screen = lazyScreen(download.load, <p>Loading…</p>);
    render(<Screen name="Ada" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => download.finish());
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('renders at once when the code was preloaded', async () => {
    const download = controlledDownload();
    const Screen = lazyScreen(download.load, <p>Loading…</p>);
    download.finish();
    await Screen.preload();
    render(<Screen name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeTruthy();
  });

  it('still shows the screen when the code arrives between the first render and its effects', async () => {
    // As in a browser: no act(), so React renders in one task and runs effects in a later one,
    // and the download's completion (a microtask) lands in between.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    const root = createRoot(container);
    try {
      const download = controlledDownload();
      const Screen = lazyScreen(download.load, <p>Loading…</p>);
      void Screen.preload();
      function FinishDuringRender() {
        download.finish();
        return null;
      }
      root.render(
        <>
          <Screen name="Linus" />
          <FinishDuringRender />
        </>,
      );
      await waitFor(() => expect(container.textContent).toBe('Hello Linus'));
    } finally {
      root.unmount();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });

  it('throws a failed download during render, for the route error boundary', async () => {
    const Screen = lazyScreen<{ name: string }>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <CatchError>
        <Screen name="x" />
      </CatchError>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to fetch dynamically imported module');
  });
});
