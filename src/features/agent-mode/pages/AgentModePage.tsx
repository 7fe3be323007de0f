/**
 * Agent Mode (spec 000 §2: /agent-mode, a full-height page that does not scroll as a whole; each
 * pane scrolls inside itself). Without `?run=`: a new goal beside the space's past runs. With it:
 * that run, its plan and live timeline beside its deliverable. Runs are read from the device
 * (Dexie), so past runs open offline; the server's answers write into it.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { runUrl } from '../../../contract/agent-mode';
import { spacesState } from '../../../session';
import { IconCallout } from '../../../ui/IconCallout';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { preloadMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { refreshBilling } from '../../billing/billing.store';
import { useRun, useRunSteps, useRuns } from '../agent-mode.queries';
import { RUNS_SYNC_NAME } from '../agent-mode.sync';
import { SavedListPending, useSavedListState } from '../../../pwa/SavedListPending';
import { agentModeState, loadRuns, openRun, setViewing } from '../agent-mode.store';
import { GoalForm } from '../components/GoalForm';
import { PanesOrTabs } from '../components/PanesOrTabs';
import { RunList } from '../components/RunList';
import { RunView } from '../components/RunView';
import '../agent-mode.css';

/** Performance marks for "Start → first step output on screen" (tests/bench/agent-mode.bench.ts reads them). */
export const FIRST_OUTPUT_MARK = 'mosaic:agent-mode-first-output';

function StartView({ spaceId }: { spaceId: string | null }) {
  const phone = useIsMobile();
  const navigate = useNavigate();
  const runs = useRuns(spaceId);
  const { listError } = useSnapshot(agentModeState);
  const [tab, setTab] = useState('new');
  // No runs on the device means "none" only once the space's list was saved here.
  const listState = useSavedListState(RUNS_SYNC_NAME, spaceId, listError !== null);

  const form = <GoalForm spaceId={spaceId} onCreated={(runId) => void navigate(runUrl(runId))} />;
  const list = (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4">
        Past runs
      </Heading>
      {listError ? (
        <Text size="1" color="gray" role="status">
          {listError}
        </Text>
      ) : null}
      {runs === undefined ? <Spinner /> : runs.length === 0 && listState !== 'known' ? <SavedListPending state={listState} what="runs" /> : <RunList runs={runs} />}
    </Flex>
  );

  return (
    <div className="am-start">
      <header className="am-start__head">
        <Heading as="h1" size="6">
          Agent Mode
        </Heading>
        <Text as="p" size="2" color="gray">
          Hand a goal to your agents and get finished work back. They plan the steps, you approve them, and you watch each one happen.
        </Text>
      </header>
      <PanesOrTabs
        phone={phone}
        tab={tab}
        onTabChange={setTab}
        columnsClassName="am-columns am-columns--start"
        panelClassName="am-tabs__panel am-scroll"
        panes={[
          { value: 'new', tab: 'New run', section: { className: 'am-pane am-scroll', 'aria-labelledby': 'goal-form-heading' }, content: form },
          { value: 'runs', tab: `Past runs${runs?.length ? ` (${runs.length})` : ''}`, section: { className: 'am-pane am-scroll', 'aria-label': 'Past runs' }, content: list },
        ]}
      />
    </div>
  );
}

function RunScreen({ runId }: { runId: string }) {
  const run = useRun(runId);
  const steps = useRunSteps(runId);
  const { runs } = useSnapshot(agentModeState);
  const error = runs[runId]?.error;

  useEffect(() => {
    setViewing(runId);
    void openRun(runId);
    void refreshBilling();
    return () => setViewing(null);
  }, [runId]);

  // The first text of a step on screen (the benchmark's stop mark).
  const anyOutput = (steps ?? []).some((step) => step.output.length > 0 || (runs[runId]?.texts[step.id]?.length ?? 0) > 0);
  useEffect(() => {
    if (anyOutput) performance.mark(FIRST_OUTPUT_MARK);
  }, [anyOutput]);

  if (run === undefined || steps === undefined) {
    return (
      <Flex align="center" justify="center" className="am-loading">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (run === null) {
    return (
      <Flex direction="column" gap="3" p="5">
        <Heading as="h1" size="5">
          Agent Mode
        </Heading>
        {error ? (
          <IconCallout color="red" role="alert" icon={<ExclamationTriangleIcon />}>
            {error}
          </IconCallout>
        ) : (
          <Spinner />
        )}
      </Flex>
    );
  }
  return <RunView run={run} steps={steps} />;
}

export default function AgentModePage() {
  const [params] = useSearchParams();
  const runId = params.get('run');
  const { currentSpaceId } = useSnapshot(spacesState);

  useEffect(() => {
    void preloadMarkdown().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (currentSpaceId) void loadRuns();
  }, [currentSpaceId]);

  return runId ? <RunScreen key={runId} runId={runId} /> : <StartView spaceId={currentSpaceId} />;
}
