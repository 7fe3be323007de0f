/**
 * The plan and the live timeline of a run: before it starts, the steps to review and edit with the
 * estimate and the Start button; while it runs, each step as it happens; when it rests, why.
 */
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Link as RouterLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isFinished, writesDeliverable, type AgentModeRun, type AgentModeStep } from '../../../contract/agent-mode';
import { formatNumber } from '../../../contract/format';
import { NetworkRequiredTooltip } from '../../../pwa';
import { IconCallout } from '../../../ui/IconCallout';
import { billingState } from '../../billing/billing.store';
import { agentModeState, answerQuestion, approveRun, cancelRun, editStepInstruction, resumeRun } from '../agent-mode.store';
import { RunAssets } from './RunAssets';
import { StepItem } from './StepItem';

interface PlanPanelProps {
  run: AgentModeRun;
  steps: readonly AgentModeStep[];
  blockedReason: string | null;
  onShowDeliverable?: () => void;
}

function progressText(run: AgentModeRun, steps: readonly AgentModeStep[]): string {
  if (run.status === 'awaiting_approval') return `${steps.length} steps · about ${formatNumber(run.estimate_credits)} credits`;
  const current = steps.find((step) => step.id === run.current_step_id);
  if (current) return `Step ${current.position} of ${steps.length}`;
  return `${run.steps_done} of ${steps.length} steps done · ${formatNumber(run.credits_charged)} credits used`;
}

function ApproveBar({ run, blockedReason, busy }: { run: AgentModeRun; blockedReason: string | null; busy: boolean }) {
  const { credits } = useSnapshot(billingState);
  const short = credits !== null && credits.remaining < run.estimate_credits;
  return (
    <div className="approve-bar">
      <Flex direction="column" gap="1" className="approve-bar__cost">
        <Text size="2" weight="bold">
          About {formatNumber(run.estimate_credits)} credits
        </Text>
        <Text size="1" color={short ? 'amber' : 'gray'}>
          {credits === null
            ? 'Each step is charged when it runs; a step that fails is refunded.'
            : short
              ? `You have ${formatNumber(credits.remaining)}: the run will pause when they run out.`
              : `You have ${formatNumber(credits.remaining)}. Each step is charged when it runs; a step that fails is refunded.`}
        </Text>
      </Flex>
      <NetworkRequiredTooltip reason={blockedReason}>
        {({ disabled }) => (
          <Flex gap="2">
            <Button size="3" variant="soft" color="gray" disabled={disabled || busy} onClick={() => void cancelRun(run.id)}>
              Discard
            </Button>
            <Button size="3" loading={busy} disabled={disabled} onClick={() => void approveRun(run.id)}>
              Start run
            </Button>
          </Flex>
        )}
      </NetworkRequiredTooltip>
    </div>
  );
}

function RestingNote({ run, blockedReason, busy }: { run: AgentModeRun; blockedReason: string | null; busy: boolean }) {
  if (!run.status_message || run.status === 'succeeded' || (run.status === 'running' && !run.pause_requested)) return null;
  const failed = run.status === 'failed';
  const credits = run.status === 'paused' && (run.pause_reason === 'credits' || run.pause_reason === 'plan');
  return (
    <Callout.Root color={failed ? 'red' : run.status === 'cancelled' ? 'gray' : 'amber'} size="1" className="resting-note" role="status">
      <Callout.Icon>{failed ? <ExclamationTriangleIcon /> : <InfoCircledIcon />}</Callout.Icon>
      <Callout.Text>{run.status_message}</Callout.Text>
      {run.status === 'paused' ? (
        <Flex gap="2" wrap="wrap">
          {credits ? (
            <Button size="1" variant="soft" asChild>
              <RouterLink to={run.pause_reason === 'plan' ? '/pricing' : '/credits'}>{run.pause_reason === 'plan' ? 'See plans' : 'Add credits'}</RouterLink>
            </Button>
          ) : null}
          <NetworkRequiredTooltip reason={blockedReason}>
            {({ disabled }) => (
              <Button size="1" loading={busy} disabled={disabled} onClick={() => void resumeRun(run.id)}>
                Resume
              </Button>
            )}
          </NetworkRequiredTooltip>
        </Flex>
      ) : null}
    </Callout.Root>
  );
}

export function PlanPanel({ run, steps, blockedReason, onShowDeliverable }: PlanPanelProps) {
  const { runs } = useSnapshot(agentModeState);
  const live = runs[run.id];
  const busy = live?.busy ?? null;
  const finished = isFinished(run.status);
  // The latest findings start unfolded; a writing step's text is the deliverable, shown beside.
  const latestDone = [...steps].reverse().find((step) => step.status === 'succeeded' && !writesDeliverable(step.kind))?.id;

  return (
    <div className="plan-panel">
      <div className="plan-panel__scroll">
        <Flex justify="between" align="baseline" gap="2" wrap="wrap" className="plan-panel__head">
          <Heading as="h2" size="3">
            Plan
          </Heading>
          <Text size="2" color="gray" aria-live="polite">
            {progressText(run, steps)}
          </Text>
        </Flex>
        {run.status === 'awaiting_approval' ? (
          <Text as="p" size="2" color="gray" mb="3">
            Review the steps. Change any instruction with the pencil, then start. You can pause or cancel at any time.
          </Text>
        ) : null}
        <RunAssets run={run} />
        <RestingNote run={run} blockedReason={blockedReason} busy={busy === 'resume'} />
        {live?.error ? (
          <IconCallout color="red" size="1" role="alert" mb="2" icon={<ExclamationTriangleIcon />}>
            {live.error}
          </IconCallout>
        ) : null}
        <ol className="step-list" aria-label="Steps">
          {steps.map((step) => (
            <StepItem
              key={step.id}
              step={step}
              liveText={live?.texts[step.id]}
              runFinished={finished}
              latest={step.id === latestDone}
              blockedReason={blockedReason}
              busy={busy === 'edit' || busy === 'answer'}
              onEdit={(instruction) => editStepInstruction(run.id, step.id, instruction)}
              onAnswer={(answer) => answerQuestion(run.id, { answer })}
              onSkip={() => answerQuestion(run.id, { answer: null, skip: true })}
              onShowDeliverable={onShowDeliverable}
            />
          ))}
        </ol>
      </div>
      {run.status === 'awaiting_approval' ? <ApproveBar run={run} blockedReason={blockedReason} busy={busy === 'approve' || busy === 'cancel'} /> : null}
    </div>
  );
}
