/** The Strategy Review agent's phrase banks. Placeholders as in phrases/email.ts. */
export const JUDGEMENTS: readonly string[] = [
  'The direction is sound, but the plan needs a measurable target and a named first audience before budget is committed.',
  'There is a workable plan here; what it lacks is focus: fewer channels, one target, and a clear signal for when to change course.',
  'Promising, with one gap that matters more than the rest: how success will be measured and by when.',
];

export const GROUNDED_STRENGTHS: readonly string[] = ['The plan rests on material the team already has:', 'Your documents give the plan a real foundation:', 'There is evidence to build on:'];

export const GENERAL_STRENGTHS: readonly string[] = [
  'A clear ambition for {yours}, which makes it easier to say no to distractions.',
  'It builds on channels the team already runs, so it can start quickly.',
  'It is small enough to test before scaling, which keeps the downside low.',
  'It gives the team a shared story to rally behind.',
];

export const GAPS: readonly string[] = [
  'No single measurable outcome with a date: "more" is not a target.',
  'The primary audience segment is not named, so every channel will talk to everyone.',
  'Budget is not tied to expected return per channel.',
  'No owner is named for each workstream.',
  'There is no stated reason why customers would choose you over the alternative.',
];

export const RISKS: readonly string[] = [
  '**Spreading too thin** (high impact): too many channels at once dilutes budget and learning. Signal: cost per result rising in every channel.',
  '**Measuring the wrong thing** (high impact): traffic and opens rise while the real goal stalls. Signal: conversions flat after four weeks.',
  '**Message fatigue** (medium impact): the same creative running too long. Signal: click-through falling week on week.',
  '**Timing** (medium impact): launching into a crowded period. Signal: paid costs above plan in the first fortnight.',
  '**Capacity** (medium impact): the team cannot produce the content the plan needs. Signal: deadlines slipping in the first month.',
];

export const DECISIONS: readonly string[] = [
  'Agree the one target for {yours} (number and date) and write it at the top of the plan. Owner: marketing lead.',
  'Name the first audience segment and the problem you solve for it. Owner: product marketing.',
  'Put most of the budget on the channel with proven conversions; give the rest a four-week test with a stop rule. Owner: growth.',
  'Set a fortnightly review of the leading signal for the top risk. Owner: analytics.',
  'Cut one activity that does not serve the target, and say so in the plan. Owner: marketing lead.',
];

export const STRATEGY_PRACTICE: readonly string[] = [];
