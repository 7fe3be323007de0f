/** The Creative agent's phrase banks. Placeholders as in phrases/email.ts; {^…} capitalises. */
export const INSIGHTS: readonly string[] = [
  '{^audience} do not want more choice; they want to feel they chose well. {^ours} should make that feeling the hero.',
  'People rarely buy the thing itself; they buy the better moment it gives them. The work for {yours} should show that moment, not the features.',
  'The real competitor for {yours} is habit: doing what {audience} did last time. The idea has to give a reason to change it today.',
  '{^audience} trust what people like them say more than what brands say. Let customers carry the message for {yours}.',
];

export interface Angle {
  name: string;
  headlines: readonly string[];
  bodies: readonly string[];
  where: string;
}

export const ANGLES: readonly Angle[] = [
  {
    name: 'The small daily win',
    headlines: ['Better mornings start here', 'The easy part of your day', 'Small change, every day'],
    bodies: ['Show one ordinary moment made better by {ours}, told in a single frame.', 'Follow one customer through a normal day and the moment {ours} makes it easier.'],
    where: 'Paid social and email',
  },
  {
    name: 'The bold promise',
    headlines: ['Made to be noticed', 'Nothing else comes close', 'This changes things'],
    bodies: ['Make one confident claim about {ours} and back it with a single fact.', 'Lead with the strongest benefit of {ours}, then prove it in one line.'],
    where: 'Out-of-home and landing page hero',
  },
  {
    name: 'In their words',
    headlines: ['Do not take our word for it', 'What people are saying', 'Heard from our customers'],
    bodies: ['Use real customer quotes about {ours} as the copy; the brand only signs off.', 'Turn three short reviews into the campaign: faces, names, their words.'],
    where: 'Social video and reviews pages',
  },
  {
    name: 'Behind the scenes',
    headlines: ['How it is made', 'The people behind it', 'Made with care'],
    bodies: ['Show the care that goes into {ours}: the people, the process, the choices.', 'Take the audience behind the scenes of {ours}, one honest detail at a time.'],
    where: 'Instagram, blog and newsletter',
  },
  {
    name: 'The challenge',
    headlines: ['Try it for a week', 'Seven days to see the difference', 'Your turn'],
    bodies: ['Invite {audience} to try {ours} for seven days and share what changed.', 'Set a simple challenge around {ours} with a visible reward for taking part.'],
    where: 'Social, with a landing page to sign up',
  },
  {
    name: 'Before and after',
    headlines: ['Spot the difference', 'From this to this', 'See what changed'],
    bodies: ['Put life without {ours} next to life with it, side by side, no words needed.', 'A simple split frame: the old way and the new one.'],
    where: 'Display, social and in-store',
  },
];

export const CREATIVE_GUARDRAILS: readonly string[] = [
  'One idea per execution: if a headline needs a second sentence, it is two ideas.',
  'Every claim must be one you can prove today.',
  'Show real people and real use; avoid stock-photo smiles.',
  'Keep the brand name in the first or last line, never buried in the middle.',
];

export const CREATIVE_TESTS: readonly string[] = [
  'Brief one designer per concept so each gets a fair execution.',
  'Show each concept to five customers and ask which one they would tell a friend about.',
  'Keep the audience and the offer identical across concepts so only the idea differs.',
];
