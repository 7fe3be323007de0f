/**
 * Handing a goal over: what should come back, who works on it (suggested from the goal's words
 * until the person chooses), how deep to go, and which documents and creative assets to use. Making the plan charges
 * nothing: the plan and its cost are shown next, and nothing runs until the person starts it.
 */
import { useState, type FormEvent } from 'react';
import { Button, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { GOAL_MAX_CHARS, suggestAgents } from '../../../contract/agent-mode';
import { CHAT_MODES, K_BY_MODE, MODE_MULTIPLIERS, type ChatMode } from '../../../contract/chat';
import { ChoiceSelect } from '../../../ui/ChoiceSelect';
import { FormAlert } from '../../../ui/FormAlert';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import { useDeviceDraft } from '../../../pwa/use-device-draft';
import { agentModeState, createRun } from '../agent-mode.store';
import { AgentPicker } from './AgentPicker';
import { AssetPicker } from './AssetPicker';
import { DocumentPicker } from './DocumentPicker';

export const EXAMPLE_GOALS = [
  'Plan the spring launch email sequence for small business owners',
  'Write a blog post on booking tips for salons, ready for search',
  'Three ad concepts for our summer offer, checked against our voice',
];

const MODE_LABELS: Record<ChatMode, string> = { normal: 'Normal', medium: 'Deeper', max: 'Deepest' };
const DEPTH_CHOICES = CHAT_MODES.map((mode) => ({
  value: mode,
  label: `${MODE_LABELS[mode]} · reads ${K_BY_MODE[mode]} passages${MODE_MULTIPLIERS[mode] > 1 ? ` · ×${MODE_MULTIPLIERS[mode]} credits` : ''}`,
}));

/** The goal being written is kept on the device (drafts table) like a chat's unsent message. */
export const GOAL_DRAFT_KEY = 'agent-mode-goal';

export function GoalForm({ spaceId, onCreated }: { spaceId: string | null; onCreated: (runId: string) => void }) {
  // sync: the goal is a controlled field; an asynchronous snapshot would move the caret while typing.
  const { creating, createError, draft } = useSnapshot(agentModeState, { sync: true });
  const { goal, picked, mode, documents, assets } = draft;
  const [goalError, setGoalError] = useState<string | null>(null);
  const agents = picked ?? suggestAgents(goal);
  // Words saved by an earlier visit come back unless something was typed meanwhile.
  const goalDraft = useDeviceDraft(GOAL_DRAFT_KEY, spaceId, (saved) => {
    if (agentModeState.draft.goal === '') agentModeState.draft.goal = saved;
  });
  const setGoal = (value: string) => {
    agentModeState.draft.goal = value;
    goalDraft.remember(value);
  };
  const setMode = (value: ChatMode) => (agentModeState.draft.mode = value);
  const setDocuments = (ids: string[]) => (agentModeState.draft.documents = ids);
  const setAssets = (ids: string[]) => (agentModeState.draft.assets = ids);

  const toggle = (slug: string) => (agentModeState.draft.picked = agents.includes(slug) ? agents.filter((other) => other !== slug) : [...agents, slug]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (goal.trim() === '') {
      setGoalError('Describe the goal: what should the agents hand back?');
      return;
    }
    if (agents.length === 0) return;
    setGoalError(null);
    goalDraft.cancelPending();
    const runId = await createRun({
      goal: goal.trim(),
      agents: [...agents],
      mode,
      referenced_document_ids: [...documents],
      ...(assets.length > 0 ? { asset_ids: [...assets] } : {}),
    });
    if (!runId) {
      // Refused: the words stay, and so does their saved copy.
      goalDraft.remember(goal);
      return;
    }
    await goalDraft.forget();
    onCreated(runId);
  };


  return (
    <form className="goal-form" onSubmit={(event) => void submit(event)} aria-labelledby="goal-form-heading" noValidate>
      <Heading as="h2" size="4" id="goal-form-heading">
        New run
      </Heading>
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor="run-goal" size="2" weight="bold">
          Goal
        </Text>
        <TextArea
          id="run-goal"
          size="3"
          rows={4}
          value={goal}
          maxLength={GOAL_MAX_CHARS}
          placeholder="What should the agents hand back? Say who it is for and anything it must include."
          onChange={(event) => setGoal(event.target.value)}
          aria-invalid={goalError ? true : undefined}
          aria-describedby={goalError ? 'run-goal-error' : 'run-goal-hint'}
        />
        {goalError ? (
          <Text id="run-goal-error" size="1" color="red" role="alert">
            {goalError}
          </Text>
        ) : (
          <Text id="run-goal-hint" size="1" color="gray">
            For example:
          </Text>
        )}
        <Flex gap="2" wrap="wrap" className="goal-form__examples">
          {EXAMPLE_GOALS.map((example) => (
            <Button key={example} type="button" variant="soft" color="gray" size="1" className="goal-form__example" onClick={() => setGoal(example)}>
              {example}
            </Button>
          ))}
        </Flex>
      </Flex>

      <AgentPicker chosen={agents} onToggle={toggle} />
      {agents.length === 0 ? (
        <Text size="1" color="red" role="alert">
          Choose at least one agent.
        </Text>
      ) : null}

      <Flex gap="4" wrap="wrap" align="start">
        <Flex direction="column" gap="1">
          <Text as="span" size="2" weight="bold" id="run-depth-label">
            Depth
          </Text>
          <ChoiceSelect trigger={{ variant: 'soft', color: 'gray', 'aria-labelledby': 'run-depth-label' }} value={mode} onValueChange={setMode} choices={DEPTH_CHOICES} position="popper" />
        </Flex>
        <DocumentPicker spaceId={spaceId} chosen={documents} onChange={setDocuments} />
        <AssetPicker spaceId={spaceId} chosen={assets} onChange={setAssets} />
      </Flex>

      {createError ? <FormAlert tone="error">{createError}</FormAlert> : null}

      <Flex align="center" gap="3" wrap="wrap">
        <NetworkRequiredButton type="submit" size="3" loading={creating} disabled={agents.length === 0}>
          Make a plan
        </NetworkRequiredButton>
        <Text size="2" color="gray">
          Nothing is charged yet: you will see each step and its cost first.
        </Text>
      </Flex>
    </form>
  );
}
