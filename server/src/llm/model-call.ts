/**
 * One call to a provider's model. The AI SDK (generate.ts, language-model.ts) is imported on the
 * first call rather than at start: with the offline engine (the default) it is never needed, and
 * it is ~20 MiB of resident memory (docs/reliability.md, "Footprint").
 */
import type { GenerateInput, LlmConfig, ModelChoice, ToolRunInput, ToolRunResult } from './types';

export async function callModel(config: LlmConfig, choice: ModelChoice, input: GenerateInput): Promise<string> {
  const [{ languageModelFor }, { generateWithModel }] = await Promise.all([import('./language-model'), import('./generate')]);
  return generateWithModel(languageModelFor(config, choice), input, config.timeoutMs);
}

/** One model call that may use tools (tool-run.ts), the SDK loaded on first use as above. */
export async function callModelWithTools(config: LlmConfig, choice: ModelChoice, input: ToolRunInput): Promise<ToolRunResult> {
  const [{ languageModelFor }, { runWithTools }] = await Promise.all([import('./language-model'), import('./tool-run')]);
  return runWithTools(languageModelFor(config, choice), input, config.timeoutMs);
}
