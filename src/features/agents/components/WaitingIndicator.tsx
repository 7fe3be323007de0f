/**
 * Shows that the agent is working: elapsed time and the polling phase (spec 001 §9), with Stop
 * (a cancel before the first character; afterwards it keeps what was written).
 */
import { useEffect, useState } from 'react';
import { Flex, Spinner, Text } from '@radix-ui/themes';
import type { PollPhaseName } from '../lib/chat-rules';

const PHASE_TEXT: Record<PollPhaseName, string> = {
  quick: 'is writing',
  normal: 'is still writing',
  complex: 'is working on a detailed answer',
  patient: 'is taking longer than usual',
  extended: 'is still working — long answers can take a while',
  marathon: 'is still working — you can leave this page, the reply will be here',
};

function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

interface WaitingIndicatorProps {
  agentName: string;
  phase: PollPhaseName | null;
  sentAt: number | null;
  sending: boolean;
  /** Text is arriving (the stream): the line says so instead of naming the wait's phase. */
  writing?: boolean;
}

export function WaitingIndicator({ agentName, phase, sentAt, sending, writing }: WaitingIndicatorProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Once a second: the elapsed time is shown to the second.
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Flex className="waiting-indicator" align="center" gap="3" role="status" aria-live="polite">
      <Spinner size="2" />
      <Text size="2" color="gray">
        {sending ? 'Sending…' : `${agentName} ${writing ? 'is writing' : PHASE_TEXT[phase ?? 'quick']}`}
        {sentAt && !sending ? ` · ${elapsed(now - sentAt)}` : ''}
      </Text>
    </Flex>
  );
}
