/**
 * One run on the full-height page: its header, then the plan and live timeline beside the evolving
 * deliverable; on a phone (≤ 768 px) the two are tabs, and the deliverable tab is marked while
 * something new is being written in it.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { actOnRunBlockedReason, writesDeliverable, type AgentModeRun, type AgentModeStep } from '../../../contract/agent-mode';
import { authState } from '../../../session';
import { useIsMobile } from '../../../ui/useMediaQuery';
import { agentModeState } from '../agent-mode.store';
import { DeliverablePanel } from './DeliverablePanel';
import { PanesOrTabs } from './PanesOrTabs';
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
  // The phone's Deliverable tab is marked while something is written there out of sight.
  const newWriting = writingNow && tab !== 'deliverable';

  const plan = <PlanPanel run={run} steps={steps} blockedReason={blockedReason} onShowDeliverable={phone ? () => setTab('deliverable') : undefined} />;
  const deliverable = <DeliverablePanel run={run} steps={steps} liveTexts={live?.texts ?? {}} />;

  return (
    <div className="am-run">
      <RunHeader run={run} busy={live?.busy ?? null} blockedReason={blockedReason} />
      <PanesOrTabs
        phone={phone}
        tab={tab}
        onTabChange={(value) => setTab(value as Tab)}
        columnsClassName="am-columns"
        panelClassName="am-tabs__panel"
        panes={[
          { value: 'plan', tab: 'Plan', section: { className: 'am-pane am-pane--plan', 'aria-label': 'Plan and progress' }, content: plan },
          {
            value: 'deliverable',
            tab: (
              <>
                Deliverable
                {newWriting ? <span className="am-tabs__dot" aria-hidden="true" /> : null}
              </>
            ),
            tabLabel: newWriting ? 'Deliverable, being written' : 'Deliverable',
            section: { className: 'am-pane am-pane--doc', 'aria-label': 'Deliverable' },
            content: deliverable,
          },
        ]}
      />
    </div>
  );
}
