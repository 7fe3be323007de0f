/** The CMO agent's offline writing: an executive summary, options weighed by impact, cost and time, priorities. */
import { CMO_PRACTICE, LEVERS, OPTIONS, OUTCOMES, PRIORITIES, TRADE_OFFS } from '../phrases/cmo';
import { citedFact, type AgentWriter } from './shared';

export const cmoWriter: AgentWriter = {
  audienceFallback: 'your most valuable customers',
  summary(kit) {
    const fact = citedFact(kit, 0, 200);
    const evidence = fact ? ` Your own material points the same way: ${fact}` : '';
    return `${kit.pick(OUTCOMES, 'outcome')} ${kit.pick(LEVERS, 'lever')} ${kit.pick(TRADE_OFFS, 'tradeoff')}${evidence}`;
  },
  options(kit) {
    const rows = kit.pickSome(OPTIONS, 3, 'options').map((row) => `| ${row} |`);
    return `| Option | Impact | Cost | Time to result |\n|---|---|---|---|\n${rows.join('\n')}\n\n${kit.pick(
      ['Start with the option that pays back soonest; it funds the slower bets.', 'The first two can run together; the third is the bet to size carefully.', 'Pick one high-impact option and resource it fully rather than three half-heartedly.'],
      'verdict',
    )}`;
  },
  voicePractice: CMO_PRACTICE,
  leadingActions: (kit) => kit.pickSome(PRIORITIES, 3, 'priorities'),
};
