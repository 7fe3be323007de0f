/**
 * Realistic marketer requests, per agent, that the offline engine's corpus test runs (with and
 * without knowledge passages and a brand voice). Shared by the tests of the reading and the replies.
 */
import type { AgentSlug } from '../../../server/src/agents/types';

export interface CorpusPrompt {
  slug: AgentSlug;
  message: string;
  /** Copy the message gives to be reviewed or rewritten: the reply may keep some of its words. */
  copy?: string;
}

export const CORPUS: readonly CorpusPrompt[] = [
  { slug: 'email', message: 'Write a welcome email for new subscribers of our coffee subscription' },
  { slug: 'email', message: 'Draft a three-email re-engagement sequence for customers who have not ordered in 90 days' },
  { slug: 'email', message: 'Can you write a launch announcement email for our new cold brew range?' },
  { slug: 'email', message: 'We need a newsletter for March about our spring gardening workshops' },
  { slug: 'email', message: 'Write an abandoned basket reminder email for our online plant shop' },
  { slug: 'email', message: 'Draft an email inviting trial users to upgrade before their trial ends next week' },
  { slug: 'seo', message: 'Write an SEO brief for our pricing page' },
  { slug: 'seo', message: 'Which keywords should our blog target to reach small bakery owners?' },
  { slug: 'seo', message: 'Suggest a title tag and meta description for our organic dog food product page' },
  { slug: 'seo', message: 'Plan a blog post about how to care for houseplants in winter' },
  { slug: 'seo', message: 'What should a landing page for our bookkeeping software for freelancers rank for?' },
  { slug: 'seo', message: 'Keywords for a bakery in Porto that sells sourdough' },
  { slug: 'strategy-review', message: 'Review our Q3 strategy to grow trial sign-ups' },
  { slug: 'strategy-review', message: 'What are the gaps in our go-to-market strategy for the new meal kit?' },
  { slug: 'strategy-review', message: 'Pressure-test our plan to launch the loyalty programme in October' },
  { slug: 'strategy-review', message: 'Which channel should get more budget next quarter?' },
  { slug: 'strategy-review', message: 'Assess our influencer marketing plan for the summer skincare campaign' },
  { slug: 'cmo', message: 'What should our marketing priorities be next quarter?' },
  { slug: 'cmo', message: 'Prepare a board update on marketing performance for the last quarter' },
  { slug: 'cmo', message: 'How should we split our budget between paid social and search this year?' },
  { slug: 'cmo', message: 'Should we expand our coffee subscription into Germany next year?' },
  { slug: 'cmo', message: 'Give me a 90-day plan to improve customer retention for our meal kit business' },
  { slug: 'creative', message: 'Give me three campaign concepts for our spring coffee launch' },
  { slug: 'creative', message: 'Write ad headlines for our spring sale on garden furniture' },
  { slug: 'creative', message: 'Brainstorm taglines for our brand refresh' },
  { slug: 'creative', message: 'Come up with Instagram post ideas to promote our new vegan bakery menu' },
  { slug: 'creative', message: 'Create a campaign idea for Black Friday that does not rely on discounts' },
  { slug: 'brand-voice', message: 'Review this landing-page headline for tone: "Leverage our best-in-class synergy to utilize coffee excellence"', copy: 'Leverage our best-in-class synergy to utilize coffee excellence' },
  { slug: 'brand-voice', message: 'Rewrite our product description in our brand voice: "Our world-class cold brew is basically the very best way to utilize your mornings in order to feel great!"', copy: 'Our world-class cold brew is basically the very best way to utilize your mornings in order to feel great!' },
  { slug: 'brand-voice', message: 'Summarise our brand voice in five rules' },
  { slug: 'brand-voice', message: 'Is this tagline on brand? "Coffee for people who actually care about mornings"', copy: 'Coffee for people who actually care about mornings' },
  { slug: 'brand-voice', message: 'Write a tagline for the spring bake-off' },
  { slug: 'brand-voice', message: 'How should we talk about price rises to loyal customers?' },
];
