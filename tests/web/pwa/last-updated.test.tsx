import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { markSynced, wipeAll } from '../../../src/db';
import { timeAgo } from '../../../src/pwa';
import { LastUpdated } from '../../../src/pwa/LastUpdated';

const MINUTE = 60_000;

beforeEach(async () => {
  await wipeAll();
});

describe('timeAgo', () => {
  const now = Date.UTC(2025, 5, 15, 12, 0, 0);
  it.each([
    [now - 20_000, 'just now'],
    [now - MINUTE, '1 minute ago'],
    [now - 5 * MINUTE, '5 minutes ago'],
    [now - 3 * 60 * MINUTE, '3 hours ago'],
    [now - 26 * 60 * MINUTE, 'yesterday'],
    [now - 10 * 24 * 60 * MINUTE, 'last week'],
    [now + 5 * MINUTE, 'just now'],
  ])('describes %i as "%s"', (then, words) => {
    expect(timeAgo(then, now)).toBe(words);
  });
});

describe('LastUpdated', () => {
  it('says how old the saved data of this space is', async () => {
    await markSynced('documents', 'space-1', Date.now() - 5 * MINUTE);
    await markSynced('documents', 'space-2', Date.now() - 3 * 60 * MINUTE);
    render(<LastUpdated syncName="documents" spaceId="space-1" />);
    expect((await screen.findByText(/^Last updated/)).textContent).toBe('Last updated 5 minutes ago');
  });

  it('shows nothing before the first sync, then updates by itself', async () => {
    await markSynced('sessions', 'space-2', Date.now() - 5 * MINUTE);
    render(
      <>
        <div data-testid="never-synced">
          <LastUpdated syncName="sessions" spaceId="space-1" />
        </div>
        <LastUpdated syncName="sessions" spaceId="space-2" />
      </>,
    );
    // Both read the device's database, space-1 first; once space-2's line is up, space-1's read
    // has answered too (reads complete in order), so its empty line is its answer, not a wait.
    await screen.findByText('Last updated 5 minutes ago');
    expect(screen.getByTestId('never-synced').textContent).toBe('');

    await act(async () => markSynced('sessions', 'space-1'));
    expect((await screen.findByText('Last updated just now')).closest('[data-testid="never-synced"]')).toBeTruthy();
  });
});
