/**
 * The creative assets a run's goal carried, named as they were when attached (the run keeps its own
 * copy of their names, so a later rename or deletion does not change what it says it used).
 */
import { Flex, Text } from '@radix-ui/themes';
import type { AgentModeRun } from '../../../contract/agent-mode';
import { AssetKindIcon } from '../../assets/components/AssetKindIcon';

export function RunAssets({ run }: { run: AgentModeRun }) {
  // A run saved on the device by an earlier version of the app has no list until it is fetched again.
  const attached = (run as Partial<AgentModeRun>).attached_assets ?? [];
  if (attached.length === 0) return null;
  return (
    <Flex direction="column" gap="1" mb="3" className="run-assets">
      <Text size="2" weight="bold" id={`run-assets-${run.id}`}>
        Attached assets
      </Text>
      <ul className="doc-chips" aria-labelledby={`run-assets-${run.id}`}>
        {attached.map((asset) => (
          <li key={asset.id} className="doc-chip run-assets__chip">
            <AssetKindIcon kind={asset.kind} size={14} />
            <span className="doc-chip__name">{asset.name}</span>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
