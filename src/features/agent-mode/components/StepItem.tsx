/**
 * One step of the plan in the timeline: what it will do (editable until it starts), who does it and
 * what it costs; while it runs, the tools it used and its text as it streams; afterwards, what it
 * produced (the findings folded away once later steps build on them), its question, or why it failed.
 */
import { useState } from 'react';
import { Button, Callout, Flex, IconButton, Text, TextArea, Tooltip } from '@radix-ui/themes';
import {
  BarChartIcon,
  CheckIcon,
  CrossCircledIcon,
  ExclamationTriangleIcon,
  MagnifyingGlassIcon,
  Pencil1Icon,
  QuestionMarkCircledIcon,
  SpeakerLoudIcon,
} from '@radix-ui/react-icons';
import { INSTRUCTION_MAX_CHARS, writesDeliverable, type AgentModeStep, type StepActivity } from '../../../contract/agent-mode';
import { agentLabel } from '../../../contract/agent-names';
import { formatNumber } from '../../../contract/format';
import { LazyMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { QuestionCard } from './QuestionCard';

const TOOL_ICONS: Record<StepActivity['tool'], typeof CheckIcon> = {
  knowledge_search: MagnifyingGlassIcon,
  analytics_report: BarChartIcon,
  brand_voice: SpeakerLoudIcon,
  ask_user: QuestionMarkCircledIcon,
};

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

interface StepItemProps {
  step: AgentModeStep;
  /** The text so far while it runs (streamed), else undefined. */
  liveText: string | undefined;
  /** The run has finished: steps never started read "Not run". */
  runFinished: boolean;
  /** Whether its findings start unfolded (the latest finished step). */
  latest: boolean;
  /** Why this person may not change the run, or null. */
  blockedReason: string | null;
  busy: boolean;
  onEdit: (instruction: string) => Promise<boolean>;
  onAnswer: (answer: string) => Promise<boolean>;
  onSkip: () => Promise<boolean>;
  /** On phones: show the deliverable tab. */
  onShowDeliverable?: () => void;
}

function Marker({ step, runFinished }: { step: AgentModeStep; runFinished: boolean }) {
  switch (step.status) {
    case 'succeeded':
      return <CheckIcon aria-hidden="true" />;
    case 'running':
      return <span className="step__spinner" aria-hidden="true" />;
    case 'waiting':
      return <QuestionMarkCircledIcon aria-hidden="true" />;
    case 'failed':
      return <ExclamationTriangleIcon aria-hidden="true" />;
    case 'cancelled':
      return <CrossCircledIcon aria-hidden="true" />;
    default:
      return <span aria-hidden="true">{runFinished ? '–' : step.position}</span>;
  }
}

const STATUS_WORDS: Record<AgentModeStep['status'], string> = {
  pending: 'To do',
  running: 'Working',
  waiting: 'Waiting for your answer',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function StepItem({ step, liveText, runFinished, latest, blockedReason, busy, onEdit, onAnswer, onSkip, onShowDeliverable }: StepItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(step.instruction);
  const editable = step.status === 'pending' && !runFinished;
  const agentName = agentLabel(step.agent_slug);
  const writing = writesDeliverable(step.kind);
  const statusWord = step.status === 'pending' && runFinished ? 'Not run' : STATUS_WORDS[step.status];
  const text = step.status === 'running' ? (liveText ?? step.output) : step.output;

  const save = async () => {
    const trimmed = draft.trim();
    if (trimmed === '' || trimmed === step.instruction) {
      setEditing(false);
      return;
    }
    if (await onEdit(trimmed)) setEditing(false);
  };

  return (
    <li className={`step step--${step.status}`} aria-current={step.status === 'running' ? 'step' : undefined} data-step-kind={step.kind}>
      <div className="step__marker" aria-hidden="true">
        <Marker step={step} runFinished={runFinished} />
      </div>
      <div className="step__body">
        <Text as="p" size="2" weight="bold" className="step__title">
          <span className="visually-hidden">Step {step.position}: </span>
          {step.title}
        </Text>
        <Text as="p" size="1" color="gray" className="step__meta">
          {agentName} · {formatNumber(step.credits)} credits{step.refunded ? ' · refunded' : ''} · <span className="step__status">{statusWord}</span>
        </Text>

        {editing ? (
          <Flex direction="column" gap="2" mt="1">
            <Text as="label" htmlFor={`instruction-${step.id}`} size="1" weight="medium">
              Instruction for this step
            </Text>
            <TextArea id={`instruction-${step.id}`} rows={3} value={draft} maxLength={INSTRUCTION_MAX_CHARS} onChange={(event) => setDraft(event.target.value)} autoFocus />
            <Flex gap="2">
              <Button size="1" onClick={() => void save()} loading={busy}>
                Save
              </Button>
              <Button
                size="1"
                variant="soft"
                color="gray"
                onClick={() => {
                  setDraft(step.instruction);
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Flex align="start" gap="1" className="step__instruction">
            <Text as="p" size="2" color="gray">
              {step.instruction}
            </Text>
            {editable ? (
              <Tooltip content={blockedReason ?? 'Edit this step'}>
                <IconButton
                  size="1"
                  variant="ghost"
                  color="gray"
                  aria-label={`Edit step ${step.position}: ${step.title}`}
                  disabled={blockedReason !== null}
                  onClick={() => {
                    setDraft(step.instruction);
                    setEditing(true);
                  }}
                >
                  <Pencil1Icon />
                </IconButton>
              </Tooltip>
            ) : null}
          </Flex>
        )}

        {step.activity.length > 0 ? (
          <ul className="step__activity" aria-label={`What step ${step.position} used`}>
            {step.activity.map((entry, index) => {
              const Icon = TOOL_ICONS[entry.tool];
              return (
                <li key={index}>
                  <Icon aria-hidden="true" /> <Text size="1">{entry.summary}</Text>
                </li>
              );
            })}
          </ul>
        ) : null}

        {step.status === 'failed' && step.error ? (
          <Callout.Root color="red" size="1" mt="2">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              {step.error} {step.refunded ? 'Its credits were refunded.' : ''}
            </Callout.Text>
          </Callout.Root>
        ) : null}

        {writing && (step.status === 'running' || (step.status === 'succeeded' && text)) ? (
          <Flex align="center" gap="2" mt="2" wrap="wrap" className="step__writing">
            <Text size="2">{step.status === 'running' ? `Writing the deliverable… ${formatNumber(wordCount(text))} words so far` : `Wrote the deliverable · ${formatNumber(wordCount(text))} words`}</Text>
            {onShowDeliverable ? (
              <Button size="1" variant="soft" onClick={onShowDeliverable}>
                Show the deliverable
              </Button>
            ) : null}
          </Flex>
        ) : null}

        {!writing && step.status === 'running' && text ? (
          <div className="step__output step__output--live" aria-live="off">
            <LazyMarkdown text={text} />
          </div>
        ) : null}

        {!writing && step.status !== 'running' && text ? (
          <details className="step__details" open={latest || step.status === 'waiting'}>
            <summary>
              <Text size="2" weight="medium">
                {step.status === 'succeeded' ? 'What it found' : 'What it wrote'}
              </Text>
            </summary>
            <div className="step__output">
              <LazyMarkdown text={text} />
            </div>
          </details>
        ) : null}

        {step.status === 'waiting' && step.question ? (
          <QuestionCard stepId={step.id} agentName={agentName} question={step.question} busy={busy} blockedReason={blockedReason} onAnswer={onAnswer} onSkip={onSkip} />
        ) : null}
        {step.answer && step.status !== 'waiting' ? (
          <Text as="p" size="1" color="gray" mt="1">
            You answered: {step.answer}
          </Text>
        ) : null}
      </div>
    </li>
  );
}
