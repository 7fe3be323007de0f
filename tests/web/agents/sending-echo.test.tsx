/**
 * A new chat's first message handed from the agent's start page to the chat's screen
 * (useSendingEcho.ts) shows there as being sent, and is the person's: it goes at sign-out.
 */
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handOverSending, useSendingEcho } from '../../../src/features/agents/useSendingEcho';
import { runSessionResets } from '../../../src/session';

describe('a handed-over first message', () => {
  it('shows on its chat’s screen as sent', () => {
    handOverSending('sess-echo-1', 'Plan our spring launch');
    const { result } = renderHook(() => useSendingEcho([], [], 'sess-echo-1'));
    expect(result.current).toMatchObject({ text: 'Plan our spring launch', sent: true });
  });

  it('is forgotten at sign-out, so nobody signing in next sees it', async () => {
    handOverSending('sess-echo-2', 'Our salary bands for 2027');
    await runSessionResets();
    const { result } = renderHook(() => useSendingEcho([], [], 'sess-echo-2'));
    expect(result.current.text).toBeNull();
  });
});
