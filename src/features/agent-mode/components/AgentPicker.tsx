/**
 * The agents who take part in a run: six toggle buttons. Until the person touches them, the
 * agents the goal's words suggest are chosen (suggestAgents); after that, their choice stands.
 */
import { Text } from '@radix-ui/themes';
import { AGENT_MODE_AGENTS, ANALYTICS_AGENTS } from '../../../contract/agent-mode';
import { AGENT_NAMES } from '../../../contract/agent-names';
import { AgentIcon } from '../../agents/components/AgentIcon';

/** What each agent does in a run, in a few words. */
const ROLES: Record<string, string> = {
  'brand-voice': 'Checks the voice',
  'strategy-review': 'Researches, reads figures',
  seo: 'Writes for search',
  cmo: 'Sets the brief, reads figures',
  email: 'Writes emails',
  creative: 'Writes concepts and ads',
};

export function AgentPicker({ chosen, onToggle, disabled }: { chosen: readonly string[]; onToggle: (slug: string) => void; disabled?: boolean }) {
  return (
    <fieldset className="agent-picker" disabled={disabled}>
      <legend className="agent-picker__legend">
        <Text size="2" weight="bold">
          Agents
        </Text>{' '}
        <Text size="2" color="gray">
          · suggested from your goal; change them if you like
        </Text>
      </legend>
      <div className="agent-picker__list">
        {AGENT_MODE_AGENTS.map((slug) => {
          const on = chosen.includes(slug);
          return (
            <button
              key={slug}
              type="button"
              className="agent-chip"
              aria-pressed={on}
              onClick={() => onToggle(slug)}
              title={ANALYTICS_AGENTS.includes(slug) ? 'Can read your Google Analytics figures' : undefined}
            >
              <AgentIcon slug={slug} size={24} />
              <span className="agent-chip__text">
                <span className="agent-chip__name">{AGENT_NAMES[slug]}</span>
                <span className="agent-chip__role">{ROLES[slug]}</span>
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
