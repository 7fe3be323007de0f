/** Shows that the agent is writing: elapsed time and the polling phase (spec 001 §9), with Cancel. */
import { useEffect, useState } from 'react';
import { Button, Flex, Spinner, Text } from '@radix-ui/themes';
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

export function WaitingIndicator({ agentName, phase, sentAt, sending, onCancel }: { agentName: string; phase: PollPhaseName | null; sentAt: number | null; sending: boolean; onCancel?: () => void }) {
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
        {sending ? 'Sending…' : `${agentName} ${PHASE_TEXT[phase ?? 'quick']}`}
        {sentAt && !sending ? ` · ${elapsed(now - sentAt)}` : ''}
      </Text>
      {onCancel && !sending ? (
        <Button size="1" variant="ghost" color="red" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </Flex>
  );
}
