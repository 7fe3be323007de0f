/**
 * The Email agent's phrase banks. Placeholders: {topic}, {yours} (the team's: "your spring
 * launch"), {ours} (the brand's, in copy: "our spring launch"), {audience}, {purpose}; {^…}
 * capitalises. Each kind of email has its own job, subject lines, openings and call to action.
 */
export type EmailKind = 'welcome' | 'winback' | 'launch' | 'newsletter' | 'reminder' | 'upgrade' | 'event' | 'general';

export interface EmailPhrases {
  /** Matches the request's deliverable and topic. */
  match: RegExp;
  goal: readonly string[];
  subjects: readonly string[];
  preheaders: readonly string[];
  openings: readonly string[];
  closings: readonly string[];
  ctas: readonly string[];
}

export const EMAIL_KINDS: Record<EmailKind, EmailPhrases> = {
  welcome: {
    match: /welcome|onboard|new (?:subscriber|customer|member|user)/i,
    goal: ['Make {audience} feel sure they chose well, and get them to take the first step with {ours} today.', 'Turn a fresh sign-up into a first use of {ours}: one warm hello, one next step.'],
    subjects: ['Welcome in: here is how to start', 'You are in. Here is what happens next', 'Good to have you with us', 'Your first step with {ours}', 'Start here: a quick hello'],
    preheaders: ['Three minutes to get the most from {ours}.', 'What to expect, and the one thing to do first.', 'A short hello, and where to begin.'],
    openings: ['Thanks for joining us. You made a good call, and we want the first week to prove it.', 'Welcome aboard. Here is everything you need to make a great start, and nothing you do not.', 'We are glad you are here. Let us make the first step an easy one.'],
    closings: ['Reply to this email if anything is unclear: a real person reads every answer.', 'If you get stuck, just hit reply. We are here to help.', 'Any questions at all, reply and we will get back to you.'],
    ctas: ['Take your first step', 'Get started', 'Set up your account', 'Explore what is inside'],
  },
  winback: {
    match: /re-?engag|win ?back|lapsed|come back|miss you|inactive|have not ordered/i,
    goal: ['Bring lapsed {audience} back with a reason to return that is about them, not about us.', 'Remind quiet {audience} what they liked, show what is new, and make coming back effortless.'],
    subjects: ['It has been a while. Here is what is new', 'We saved you a seat', 'Still interested? A quick update', 'A lot has changed since your last visit', 'Worth another look'],
    preheaders: ['What is new since you last dropped by.', 'A short catch-up, and an easy way back.', 'No pressure: here is what you have missed.', 'Your favourites are still here, and a few new ones too.', 'Two minutes to see what has changed.', 'One reason to come back this week.'],
    openings: [
      'It has been a little while, so here is a quick catch-up on what has changed.',
      'We noticed you have not been around lately, and we have been busy in the meantime.',
      'A lot has happened since your last visit. Here are the parts worth your time.',
      'Your favourites have not gone anywhere, and we have added a few we think you will like.',
      'We have listened to what customers asked for and changed a few things as a result.',
      'Here is the short version of what you have missed.',
    ],
    closings: [
      'If now is not the right time, no hard feelings: you can change how often you hear from us below.',
      'Prefer fewer emails? You can choose what you get with one click below.',
      'Not for you any more? You can update your preferences at any time.',
      'Whatever you decide, thank you for having been with us.',
      'If something put you off last time, reply and tell us. We would like to fix it.',
    ],
    ctas: ['See what is new', 'Pick up where you left off', 'Come back and take a look', 'Catch up now'],
  },
  launch: {
    match: /launch|announc|introduc|new (?:range|product|collection|menu|feature)|release/i,
    goal: ['Announce {ours} so that {audience} understand in one read what it is, why it matters and how to get it.', 'Create a moment for {ours}: one clear promise, one proof, one way to act.'],
    subjects: ['Meet {ours}', 'It is here: {ours}', 'New from us: {ours}', 'First look at {ours}', 'Made with you in mind'],
    preheaders: ['What it is, why we made it and how to get yours.', 'Available now, and here is why it is worth a look.', 'The short version: why it is worth your time.'],
    openings: ['Today we are introducing {ours}, and we think you will like it.', 'Something new has arrived: {ours}. Here is the short version.', 'We have been working on {ours} for a while, and it is finally ready.'],
    closings: ['Tell us what you think: we read every reply.', 'We would love to hear what you make of it. Just reply.', 'Questions? Reply to this email and we will help.'],
    ctas: ['Discover it now', 'See it first', 'Get yours', 'Take a look'],
  },
  newsletter: {
    match: /newsletter|digest|roundup|round-up|monthly|weekly/i,
    goal: ['Give readers one good reason to open this issue: {ours}, told as news they can use.', 'Keep readers close with a useful issue built around {ours}, and one next step.'],
    subjects: ['This month: {ours}', 'What is new with {ours}', 'Your update: {ours} and more', 'Inside this issue: {ours}', 'The {topic} edition'],
    preheaders: ['The highlights, in a two-minute read.', 'What is happening, and what it means for you.', 'News, dates and one thing to try this month.'],
    openings: ['Here is what is happening this month, starting with {ours}.', 'This issue is all about {ours}, with a few extras worth your time.', 'Welcome to this month\'s update. The big news: {ours}.'],
    closings: ['Thanks for reading. See you next month.', 'That is all for this issue. Reply and tell us what you would like to read next.', 'Until next time, and thanks for being here.'],
    ctas: ['Read the full story', 'Save your spot', 'Find out more', 'See the details'],
  },
  reminder: {
    match: /abandon|basket|cart|remind|reminder|left behind|forgot/i,
    goal: ['Help shoppers finish what they started at {ours}, with a friendly nudge and no pressure.', 'Recover the sale by making it easy to return to the basket at {ours}, and answering the doubt that stopped them.'],
    subjects: ['You left something behind', 'Still thinking it over?', 'Your basket is waiting', 'Did something get in the way?', 'Saved for you'],
    preheaders: ['We kept your basket, so you can pick up where you left off.', 'Everything is just where you left it.', 'A quick reminder, and answers to common questions.'],
    openings: ['You left a few things in your basket, and we have kept them safe for you.', 'Looks like you got interrupted. No problem: your basket is saved.', 'Still deciding? Here is a quick reminder of what you picked.'],
    closings: ['Questions about delivery or returns? Just reply and we will help.', 'Need a hand choosing? Reply and a real person will answer.', 'If something did not work at checkout, tell us and we will fix it.'],
    ctas: ['Return to your basket', 'Finish your order', 'Complete checkout', 'Pick up where you left off'],
  },
  upgrade: {
    match: /upgrad|trial|convert|paid plan|renew|subscription ends/i,
    goal: ['Turn {audience} into paying customers before the trial ends, by showing what they keep when they upgrade.', 'Make upgrading the obvious next step: what they have built so far, what they would lose, and how easy it is to keep going.'],
    subjects: ['Keep everything you have set up', 'Your trial ends soon: here is what you keep', 'Ready for the next step?', 'Do not lose your progress', 'A few days left on your trial'],
    preheaders: ['Upgrade in two minutes and carry on where you are.', 'What changes, what stays, and what it costs.', 'Everything you have built stays put when you upgrade.'],
    openings: ['Your trial is nearly over, and we hope it has been useful.', 'You have put real work into your account these past days. Here is how to keep it.', 'A quick heads-up: your trial ends soon.'],
    closings: ['Not sure which plan fits? Reply and we will help you choose.', 'Questions about billing? Just reply to this email.', 'If the timing is wrong, reply and tell us: we can help.'],
    ctas: ['Upgrade now', 'Choose your plan', 'Keep my account', 'See plans and prices'],
  },
  event: {
    match: /event|webinar|workshop|class|course|meetup|open day|invite|invitation/i,
    goal: ['Fill places for {ours}: make it clear who it is for, what they take away and how to book.', 'Get the right people to book {ours}, and make saying yes take one click.'],
    subjects: ['You are invited: {ours}', 'Join us for {ours}', 'Places are filling up: {ours}', 'Save the date for {ours}', 'A seat for you at {ours}'],
    preheaders: ['What you will learn, when it is and how to book.', 'Limited places: here are the details.', 'All the details in one place.'],
    openings: ['We would love you to join us for {ours}.', 'Here is an invitation we think you will want to accept: {ours}.', 'Places are open for {ours}, and we saved one for you.'],
    closings: ['Cannot make it? Reply and we will let you know about the next one.', 'Questions before you book? Just reply.', 'We hope to see you there.'],
    ctas: ['Book your place', 'Save my seat', 'Reserve a spot', 'See dates and book'],
  },
  general: {
    match: /./,
    goal: ['Tell {audience} about {ours} in a way that earns the open, the read and the click.', 'Give {audience} one clear reason to care about {ours}, and one thing to do next.'],
    subjects: ['News about {ours}', 'A quick update on {ours}', 'What {ours} means for you', 'Something worth knowing', 'For you: {ours}'],
    preheaders: ['The short version, and what to do next.', 'Two minutes that are worth it.', 'Everything you need, nothing you do not.'],
    openings: ['We wanted you to be among the first to hear about {ours}.', 'Here is a quick update on {ours}, and why it matters to you.', 'Some news we think you will find useful: {ours}.'],
    closings: ['Questions? Just reply to this email.', 'We read every reply, so tell us what you think.', 'Thanks for reading.'],
    ctas: ['Find out more', 'See the details', 'Take a look', 'Read more'],
  },
};

/** Lines that tie a fact from the documents into the body. */
export const LAST_CALL = {
  subjects: ['One last note from us', 'Before we go quiet', 'Last chance to catch up', 'Should we stop writing?'],
  ctas: ['Take one last look', 'Stay in touch', 'Keep me on the list'],
};

/** When the documents have nothing to add, a benefit paragraph in general terms. */
export const BENEFIT_LINES: readonly string[] = [
  'It takes a couple of minutes, and you will see the difference straight away.',
  'Everything is designed to save you time and make the next step easy.',
  'We built it around what customers told us they wanted most.',
];

export const SIGN_OFFS: readonly string[] = ['Warm regards,  \nThe team', 'Thanks,  \nThe team', 'See you soon,  \nThe team'];

/** Email practice when no brand voice is set: the section gives the rules a good email follows. */
export const EMAIL_VOICE_PRACTICE: readonly string[] = [
  'Write to one reader: "you" more often than "we".',
  'Keep subject lines under 50 characters and put the benefit first.',
  'One idea per paragraph, three paragraphs at most.',
  'One call to action, named by what the reader gets.',
  'Plain words over jargon; no exclamation marks in the subject line.',
];

export const EMAIL_CHECKS: readonly string[] = [
  'Check the preheader shows on mobile and does not repeat the subject line.',
  'Make sure the button works in plain-text view as a link too.',
  'Read the email aloud once: cut any sentence you stumble over.',
  'Set the send time for when this audience opened most in the last month.',
];
