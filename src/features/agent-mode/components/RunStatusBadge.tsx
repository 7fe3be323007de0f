/** A run's state in a word or two, coloured by what it asks of the person. */
import { Badge } from '@radix-ui/themes';
import type { AgentModeRun, AgentModeRunStatus } from '../../../contract/agent-mode';

type BadgeColor = 'blue' | 'gray' | 'iris' | 'amber' | 'green' | 'red';

const LOOK: Record<AgentModeRunStatus, { label: string; color: BadgeColor }> = {
  awaiting_approval: { label: 'Plan ready', color: 'blue' },
  queued: { label: 'Starting', color: 'gray' },
  running: { label: 'Running', color: 'iris' },
  waiting_for_answer: { label: 'Needs your answer', color: 'amber' },
  paused: { label: 'Paused', color: 'amber' },
  succeeded: { label: 'Finished', color: 'green' },
  failed: { label: 'Stopped', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

export function runStatusLabel(run: Pick<AgentModeRun, 'status' | 'pause_requested'>): string {
  return run.status === 'running' && run.pause_requested ? 'Pausing' : LOOK[run.status].label;
}

export function RunStatusBadge({ run }: { run: Pick<AgentModeRun, 'status' | 'pause_requested'> }) {
  return (
    <Badge color={LOOK[run.status].color} variant="soft" radius="full" className="run-status">
      {runStatusLabel(run)}
    </Badge>
  );
}
