/** The CMO agent's offline writing: an executive summary, options weighed by impact, cost and time, priorities. */
import { CMO_PRACTICE, DECISION_OPTIONS, LEVERS, OPTIONS, OUTCOMES, PRIORITIES, TRADE_OFFS } from '../phrases/cmo';
import { citedFact, type AgentWriter } from './shared';

export const cmoWriter: AgentWriter = {
  audienceFallback: 'your most valuable customers',
  summary(kit) {
    const fact = citedFact(kit, 0, 200);
    const evidence = fact ? ` Your own material points the same way: ${fact}` : '';
    return `${kit.pick(OUTCOMES, 'outcome')} ${kit.pick(LEVERS, 'lever')} ${kit.pick(TRADE_OFFS, 'tradeoff')}${evidence}`;
  },
  options(kit) {
    // A decision of a known kind (expanding, splitting a budget) gets its own options; any other, the general levers.
    const decision = DECISION_OPTIONS.find((entry) => entry.match.test(kit.message));
    const rows = kit.pickSome(decision?.options ?? OPTIONS, 3, 'options').map((row) => `| ${row} |`);
    const verdicts = decision?.verdicts ?? [
      'Start with the option that pays back soonest; it funds the slower bets.',
      'The first two can run together; the third is the bet to size carefully.',
      'Pick one high-impact option and resource it fully rather than three half-heartedly.',
    ];
    return `| Option | Impact | Cost | Time to result |\n|---|---|---|---|\n${rows.join('\n')}\n\n${kit.pick(verdicts, 'verdict')}`;
  },
  voicePractice: CMO_PRACTICE,
  leadingActions: (kit) => kit.pickSome(PRIORITIES, 3, 'priorities'),
};
