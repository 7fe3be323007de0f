import { useLayoutEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { useSnapshotInTransition } from '../../../src/ui/use-snapshot-in-transition';

function Count({ state }: { state: { count: number } }) {
  const { count } = useSnapshotInTransition(state);
  return <p>Count {count}</p>;
}

describe('useSnapshotInTransition', () => {
  it('shows the store and follows its changes', async () => {
    const state = proxy({ count: 1 });
    render(<Count state={state} />);
    expect(screen.getByText('Count 1')).toBeTruthy();

    await act(async () => {
      state.count = 2;
    });
    expect(screen.getByText('Count 2')).toBeTruthy();

    await act(async () => {
      state.count += 1;
      state.count += 1;
    });
    expect(screen.getByText('Count 4')).toBeTruthy();
  });

  it('does not miss a change made after its first render and before it listens', async () => {
    const state = proxy({ count: 1 });
    // Layout effects run before the hook's subscription (a passive effect).
    function ChangeOnMount() {
      useLayoutEffect(() => {
        state.count = 5;
      }, []);
      return null;
    }
    await act(async () => {
      render(
        <>
          <Count state={state} />
          <ChangeOnMount />
        </>,
      );
    });
    expect(screen.getByText('Count 5')).toBeTruthy();
  });

  it('follows a new store when it is given one', async () => {
    const first = proxy({ count: 1 });
    const second = proxy({ count: 7 });
    const { rerender } = render(<Count state={first} />);
    await act(async () => {
      rerender(<Count state={second} />);
    });
    expect(screen.getByText('Count 7')).toBeTruthy();
    await act(async () => {
      first.count = 3;
    });
    expect(screen.getByText('Count 7')).toBeTruthy();
  });
});
