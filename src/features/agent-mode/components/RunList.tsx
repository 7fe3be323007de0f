/** The space's runs, newest first, from the device (so the list shows offline too). */
import { Link as RouterLink } from 'react-router-dom';
import { Flex, Text } from '@radix-ui/themes';
import type { AgentModeRun } from '../../../contract/agent-mode';
import { runUrl } from '../../../contract/agent-mode';
import { formatNumber, formatWhen } from '../../../contract/format';
import { useNow } from '../../../pwa/use-now';
import { RunStatusBadge } from './RunStatusBadge';

export function RunList({ runs, activeId }: { runs: readonly AgentModeRun[]; activeId?: string | null }) {
  const now = useNow();
  if (runs.length === 0) {
    return (
      <Text as="p" size="2" color="gray" className="run-list__empty">
        No runs yet. Runs you start in this space are kept here, with what they produced.
      </Text>
    );
  }
  return (
    <ul className="run-list" aria-label="Past runs">
      {runs.map((run) => (
        <li key={run.id}>
          <RouterLink to={runUrl(run.id)} className="run-list__item" aria-current={run.id === activeId ? 'page' : undefined}>
            <Flex justify="between" align="start" gap="2">
              <Text size="2" weight="medium" className="run-list__title" title={run.goal}>
                {run.title}
              </Text>
              <RunStatusBadge run={run} />
            </Flex>
            <Text size="1" color="gray">
              {formatWhen(run.created_at, now)} · {run.steps_done} of {run.step_count} steps · {formatNumber(run.credits_charged)} credits
            </Text>
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}
