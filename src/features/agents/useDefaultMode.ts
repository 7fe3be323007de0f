/**
 * The mode a chat's composer shows: the agent's saved default mode (its settings, carried on the
 * agent catalogue) until the user picks another for this agent on this screen.
 */
import { useState } from 'react';
import { CHAT_MODES, type ChatMode } from '../../contract/chat';

export function useDefaultMode(slug: string, agents: readonly { slug: string; default_mode?: ChatMode }[]): [ChatMode, (mode: ChatMode) => void] {
  const [chosen, setChosen] = useState<{ slug: string; mode: ChatMode } | null>(null);
  const saved = agents.find((agent) => agent.slug === slug)?.default_mode;
  // A catalogue kept on the device by an older version has no default mode: Normal, as before.
  const fallback: ChatMode = saved && CHAT_MODES.includes(saved) ? saved : 'normal';
  const mode = chosen?.slug === slug ? chosen.mode : fallback;
  return [mode, (next) => setChosen({ slug, mode: next })];
}
