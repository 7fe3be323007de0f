import type { ComponentType } from 'react';
import {
  ChatBubbleIcon,
  EnvelopeClosedIcon,
  LightningBoltIcon,
  MagicWandIcon,
  MagnifyingGlassIcon,
  SpeakerLoudIcon,
  TargetIcon,
} from '@radix-ui/react-icons';

/** Only colour scales the app loads (src/app/radix-themes.css). */
type AccentColor = 'iris' | 'blue' | 'jade' | 'orange' | 'indigo' | 'amber' | 'gray';

const LOOKS: Record<string, { icon: ComponentType<{ width?: number; height?: number }>; color: AccentColor }> = {
  'brand-voice': { icon: SpeakerLoudIcon, color: 'iris' },
  'strategy-review': { icon: TargetIcon, color: 'blue' },
  seo: { icon: MagnifyingGlassIcon, color: 'jade' },
  cmo: { icon: LightningBoltIcon, color: 'orange' },
  email: { icon: EnvelopeClosedIcon, color: 'indigo' },
  creative: { icon: MagicWandIcon, color: 'amber' },
};

export function agentColor(slug: string): AccentColor {
  return LOOKS[slug]?.color ?? 'gray';
}

/** The agent's badge: its icon on a tinted square in the agent's colour. */
export function AgentIcon({ slug, size = 40 }: { slug: string; size?: number }) {
  const look = LOOKS[slug] ?? { icon: ChatBubbleIcon, color: 'gray' as const };
  const Icon = look.icon;
  const glyph = Math.round(size * 0.5);
  return (
    <span className="agent-icon" data-accent-color={look.color} style={{ width: size, height: size }} aria-hidden="true">
      <Icon width={glyph} height={glyph} />
    </span>
  );
}
