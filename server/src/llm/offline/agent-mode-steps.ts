/**
 * The offline engine's Agent Mode steps (docs/agent-mode.md "The offline engine"): each step's
 * output composed without a model from what the step read — knowledge passages, the figures, the
 * brand voice, the earlier steps and the person's answers. Deterministic: the same run over the same
 * material gives the same outputs. The research step asks the person a question when the knowledge
 * base has nothing on the goal, since a draft resting on nothing helps nobody.
 */
import type { StepActivity } from '../../../../src/contract/agent-mode';
import { assetQuotes, rankWithAssets } from './agent-mode-assets';
import { analyticsSection, sessionsTrend } from './analytics-section';
import { answerPassages, audienceOf, type OfflineStepInput, type OfflineStepResult } from './agent-mode-step-input';
import { composeDraft, reviseDeliverable, checkAgainstVoice } from './agent-mode-writing';
import { rankPassageSentences } from './engine';
import { asPlainText, capitalise, clip, contentTopics, goalPhrase, goalSubject, keywords, overlap, quote } from './text';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function research(input: OfflineStepInput): OfflineStepResult {
  const topics = keywords(`${input.goal} ${input.instruction}`);
  const subject = goalSubject(input.goal, 4) || 'the goal';
  // A search matches loosely (a word of the instruction is enough); only passages that mention
  // what the goal is about count as found.
  const about = contentTopics(input.goal);
  const passages = about.length === 0 ? input.passages : input.passages.filter((passage) => overlap(passage.passage, about) > 0);
  const documents = [...new Set(passages.map((passage) => passage.filename))];
  const found = passages.length === 0 ? 'nothing found' : `${plural(passages.length, 'passage')} from ${plural(documents.length, 'document')}`;
  const carried = input.assets.length > 0 ? `; read ${plural(input.assets.length, 'attached asset')}` : '';
  const activity: StepActivity[] = [{ tool: 'knowledge_search', summary: `Searched for ${subject}: ${found}${carried}` }];
  const phrase = goalPhrase(input.goal, 80) || subject;
  const searched = `Searched the knowledge base for **${asPlainText(phrase)}**`;
  const fromYou = input.answers.length > 0 ? `\n\n### From you\n\n${input.answers.map((answer) => quote(asPlainText(answer))).join('\n\n')}` : '';
  const fromAssets = input.assets.length > 0 ? `\n\n### From the attached assets\n\n${assetQuotes(input.assets, topics)}` : '';
  if (passages.length === 0 && input.assets.length > 0) {
    // The assets are material enough: no question, the later steps rest on them.
    return { text: `${searched}: nothing matched. The later steps rest on the assets you attached.${fromAssets}${fromYou}`, question: null, activity };
  }
  if (passages.length === 0) {
    if (!input.asked) {
      const question = `I found nothing in this space's knowledge base about ${phrase}. What should the work rest on? For example the offer, the dates, who it is for, and any facts it must include.`;
      return { text: `${searched}: nothing matched.`, question, activity: [...activity, { tool: 'ask_user', summary: 'Asked you what the work should rest on' }] };
    }
    const basis = input.answerSkipped
      ? 'You chose to go on without more detail, so the later steps rest on the agents\' general guidance.'
      : 'The later steps rest on what you said.';
    return { text: `${searched}: nothing matched. ${basis}${fromYou}`, question: null, activity };
  }
  const facts = rankPassageSentences(passages, topics).slice(0, 5);
  const points = facts.map((fact) => `- ${fact.text} _(${asPlainText(passages[fact.n - 1]?.filename ?? '')})_`).join('\n');
  const sources = documents.map((name) => `- ${asPlainText(name)}`).join('\n');
  return {
    text: `${searched}: ${found}.\n\n### Key points\n\n${points}\n\n### Sources\n\n${sources}${fromAssets}${fromYou}`,
    question: null,
    activity,
  };
}

function analytics(input: OfflineStepInput): OfflineStepResult {
  const snapshot = input.analytics;
  const activity: StepActivity[] = [
    { tool: 'analytics_report', summary: snapshot ? `Read ${snapshot.propertyName}, ${snapshot.rangeLabel}` : input.analyticsUnavailable ? 'The figures could not be read' : 'No property linked' },
  ];
  const figures = analyticsSection(snapshot, input.analyticsUnavailable);
  if (!snapshot) return { text: figures, question: null, activity };
  const topic = goalSubject(input.goal) || 'this goal';
  const [first, second] = snapshot.topChannels;
  const meaning = [
    first ? `- Most sessions come from **${asPlainText(first.channel)}** (${first.percentage.toFixed(1)}%): plan the ${asPlainText(topic)} work around it first.` : null,
    second ? `- **${asPlainText(second.channel)}** is next (${second.percentage.toFixed(1)}%): the place to test a second message.` : null,
    sessionsTrend(snapshot.sessionsSeries) ? `- ${sessionsTrend(snapshot.sessionsSeries)}` : null,
  ].filter(Boolean);
  return { text: `${figures}\n\n### What it means for this goal\n\n${meaning.join('\n') || '- Too little data in this range to draw a conclusion.'}`, question: null, activity };
}

function brief(input: OfflineStepInput): OfflineStepResult {
  const topics = keywords(`${input.goal} ${input.instruction}`);
  const facts = rankWithAssets(answerPassages(input.answers), input.assets, input.passages, topics).facts.slice(0, 3);
  const audience = audienceOf(input.goal) ?? (input.answers.length > 0 ? 'as you described in your answer' : null);
  const messages = facts.length > 0 ? facts.map((fact) => `- ${clip(fact.text, 200)}`) : topics.slice(0, 3).map((topic) => `- Why ${topic} matters to the reader now.`);
  const structure = input.writer.outputTemplate.map((section, index) => `${index + 1}. **${section.heading}**: ${section.guidance}`).join('\n');
  const kpi = input.analytics?.kpis.find((entry) => /conversion/i.test(entry.label)) ?? input.analytics?.kpis[0];
  const success = kpi ? `- ${kpi.label} (now ${kpi.value} over the ${input.analytics!.rangeLabel}).` : `- ${input.writer.checklist[0] ?? 'Agree one measure of success before launch.'}`;
  return {
    text: [
      `### Objective\n\n${capitalise(clip(asPlainText(input.goal.trim()), 300))}`,
      `### Audience\n\n${audience ? capitalise(asPlainText(audience)) + '.' : 'The goal does not say who it is for: the draft addresses the reader your documents describe. Edit the draft step to name them.'}`,
      `### Key messages\n\n${messages.join('\n')}`,
      `### Structure (${input.writer.name})\n\n${structure}`,
      `### Measures of success\n\n${success}`,
    ].join('\n\n'),
    question: null,
    activity: [],
  };
}

export function composeOfflineStep(input: OfflineStepInput): OfflineStepResult {
  switch (input.kind) {
    case 'research':
      return research(input);
    case 'analytics':
      return analytics(input);
    case 'brief':
      return brief(input);
    case 'draft':
      return { text: composeDraft(input), question: null, activity: [{ tool: 'knowledge_search', summary: `Drew on ${plural(input.passages.length, 'passage')}${input.assets.length > 0 ? ` and ${plural(input.assets.length, 'attached asset')}` : ''}` }] };
    case 'brand_check':
      return checkAgainstVoice(input);
    case 'revise':
      return reviseDeliverable(input);
  }
}
