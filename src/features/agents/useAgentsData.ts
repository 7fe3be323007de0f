/** Loads the catalogue and the space's sessions when an agent screen opens (and the space is known). */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { spacesState } from '../../session';
import { agentsState, loadAgents, loadSessions } from './agents.store';

export function useAgentsData(): { spaceId: string | null } {
  const { currentSpaceId } = useSnapshot(spacesState);
  useEffect(() => {
    if (!currentSpaceId) return;
    if (agentsState.agents.length === 0) void loadAgents();
    void loadSessions();
  }, [currentSpaceId]);
  return { spaceId: currentSpaceId };
}

/** Name of an agent for display, from the catalogue or from its slug. */
export function displayName(slug: string, agents: readonly { slug: string; name: string }[]): string {
  return agents.find((agent) => agent.slug === slug)?.name ?? slug.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
