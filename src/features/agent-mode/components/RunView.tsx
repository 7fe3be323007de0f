/**
 * One run on the full-height page: its header, then the plan and live timeline beside the evolving
 * deliverable; on a phone (≤ 768 px) the two are tabs, and the deliverable tab is marked while
 * something new is being written in it.
 */
import { useState } from 'react';
import { Tabs } from '@radix-ui/themes';
import { useSnapshot } from 'valtio';
import { actOnRunBlockedReason, writesDeliverable, type AgentModeRun, type AgentModeStep } from '../../../contract/agent-mode';
import { authState } from '../../../session';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { agentModeState } from '../agent-mode.store';
import { DeliverablePanel } from './DeliverablePanel';
import { PlanPanel } from './PlanPanel';
import { RunHeader } from './RunHeader';

type Tab = 'plan' | 'deliverable';

export function RunView({ run, steps }: { run: AgentModeRun; steps: readonly AgentModeStep[] }) {
  const phone = useIsMobile();
  const [tab, setTab] = useState<Tab>('plan');
  const { user } = useSnapshot(authState);
  const { runs } = useSnapshot(agentModeState);
  const live = runs[run.id];
  const blockedReason = user ? actOnRunBlockedReason({ id: user.id, role: user.role }, run.started_by) : null;
  const writingNow = steps.some((step) => step.status === 'running' && writesDeliverable(step.kind));

  const plan = <PlanPanel run={run} steps={steps} blockedReason={blockedReason} onShowDeliverable={phone ? () => setTab('deliverable') : undefined} />;
  const deliverable = <DeliverablePanel run={run} steps={steps} liveTexts={live?.texts ?? {}} />;

  return (
    <div className="am-run">
      <RunHeader run={run} busy={live?.busy ?? null} blockedReason={blockedReason} />
      {phone ? (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="am-tabs">
          <Tabs.List className="am-tabs__list" size="2">
            <Tabs.Trigger value="plan">Plan</Tabs.Trigger>
            <Tabs.Trigger value="deliverable" aria-label={writingNow && tab !== 'deliverable' ? 'Deliverable, being written' : 'Deliverable'}>
              Deliverable
              {writingNow && tab !== 'deliverable' ? <span className="am-tabs__dot" aria-hidden="true" /> : null}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="plan" className="am-tabs__panel">
            {plan}
          </Tabs.Content>
          <Tabs.Content value="deliverable" className="am-tabs__panel">
            {deliverable}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <div className="am-columns">
          <section className="am-pane am-pane--plan" aria-label="Plan and progress">
            {plan}
          </section>
          <section className="am-pane am-pane--doc" aria-label="Deliverable">
            {deliverable}
          </section>
        </div>
      )}
    </div>
  );
}
