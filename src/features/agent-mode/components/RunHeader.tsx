/** A run's title row: back to all runs, the goal, its state, and pause, resume and cancel. */
import { Link as RouterLink } from 'react-router-dom';
import { AlertDialog, Button, Flex, Heading, IconButton, Tooltip } from '@radix-ui/themes';
import { ArrowLeftIcon, PauseIcon, PlayIcon, StopIcon } from '@radix-ui/react-icons';
import { isFinished, type AgentModeRun } from '../../../contract/agent-mode';
import { isOfflineEngine } from '../../../contract/agents';
import { NetworkRequiredTooltip } from '../../../pwa';
import { OfflineEngineBadge } from '../../agents/components/OfflineEngineBadge';
import { cancelRun, pauseRun, resumeRun, type RunAction } from '../agent-mode.store';
import { RunStatusBadge } from './RunStatusBadge';

interface RunHeaderProps {
  run: AgentModeRun;
  busy: RunAction | null;
  blockedReason: string | null;
}

function CancelButton({ run, disabled, busy }: { run: AgentModeRun; disabled: boolean; busy: boolean }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger disabled={disabled}>
        <Button variant="soft" color="red" size="2" loading={busy} aria-label="Cancel run">
          <StopIcon aria-hidden="true" /> <span className="am-label">Cancel run</span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>Cancel this run?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          The step in progress stops now and the steps after it will not run. Credits for steps that have not finished are refunded; what is done so far stays readable.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Keep running
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color="red" onClick={() => void cancelRun(run.id)}>
              Cancel run
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

export function RunHeader({ run, busy, blockedReason }: RunHeaderProps) {
  const moving = run.status === 'running' || run.status === 'queued';
  const canCancel = !isFinished(run.status) && run.status !== 'awaiting_approval';
  return (
    <header className="run-header">
      <Tooltip content="All runs">
        <IconButton asChild variant="ghost" color="gray" size="2" aria-label="All runs">
          <RouterLink to="/agent-mode">
            <ArrowLeftIcon />
          </RouterLink>
        </IconButton>
      </Tooltip>
      {/* The run's name, stored whole (named from the goal as a chat is); the goal itself in its tooltip. */}
      <Heading as="h1" size="4" className="run-header__title" title={run.goal}>
        {run.title}
      </Heading>
      <RunStatusBadge run={run} />
      {isOfflineEngine(run.engine) ? <OfflineEngineBadge slug={run.agents[0] ?? 'cmo'} /> : null}
      <NetworkRequiredTooltip reason={blockedReason}>
        {({ disabled }) => (
          <Flex gap="2" className="run-header__actions">
            {moving && !run.pause_requested ? (
              <Button variant="soft" size="2" loading={busy === 'pause'} disabled={disabled} onClick={() => void pauseRun(run.id)} aria-label="Pause">
                <PauseIcon aria-hidden="true" /> <span className="am-label">Pause</span>
              </Button>
            ) : null}
            {run.status === 'paused' || (moving && run.pause_requested) ? (
              <Button variant="soft" size="2" loading={busy === 'resume'} disabled={disabled} onClick={() => void resumeRun(run.id)} aria-label={run.status === 'paused' ? 'Resume' : 'Keep running'}>
                <PlayIcon aria-hidden="true" /> <span className="am-label">{run.status === 'paused' ? 'Resume' : 'Keep running'}</span>
              </Button>
            ) : null}
            {canCancel ? <CancelButton run={run} disabled={disabled} busy={busy === 'cancel'} /> : null}
          </Flex>
        )}
      </NetworkRequiredTooltip>
    </header>
  );
}
