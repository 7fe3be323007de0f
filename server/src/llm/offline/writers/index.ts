/** Each agent's offline writer, by slug. */
import type { AgentSlug } from '../../../agents/types';
import { brandVoiceWriter } from './brand-voice';
import { cmoWriter } from './cmo';
import { creativeWriter } from './creative';
import { emailWriter } from './email';
import { seoWriter } from './seo';
import type { AgentWriter } from './shared';
import { strategyReviewWriter } from './strategy-review';

export const WRITERS: Record<AgentSlug, AgentWriter> = {
  'brand-voice': brandVoiceWriter,
  'strategy-review': strategyReviewWriter,
  seo: seoWriter,
  cmo: cmoWriter,
  email: emailWriter,
  creative: creativeWriter,
};

export type { AgentWriter } from './shared';
