/**
 * Chooses the engine for a run and builds the AI SDK model for it. The OpenAI-compatible provider
 * covers local and self-hosted servers (Ollama, vLLM, LM Studio) through their /v1 endpoints.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { EngineName, LlmConfig, LlmProviderName, ModelChoice } from './types';

/** Sensible, inexpensive defaults; LLM_MODEL or an agent's settings override them. */
export const DEFAULT_MODELS: Record<EngineName, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  google: 'gemini-2.0-flash',
  'openai-compatible': 'llama3.1',
  offline: 'mosaic-offline-1',
};

/** Providers whose credentials (or base URL) are present, in order of preference. */
export function configuredProviders(config: LlmConfig): LlmProviderName[] {
  const found: LlmProviderName[] = [];
  if (config.openai.apiKey) found.push('openai');
  if (config.anthropic.apiKey) found.push('anthropic');
  if (config.google.apiKey) found.push('google');
  if (config.openaiCompatible.baseUrl) found.push('openai-compatible');
  return found;
}

/**
 * The engine that answers: an agent's override if that provider is configured, else LLM_PROVIDER,
 * else the first configured provider, else the offline engine.
 */
export function chooseModel(config: LlmConfig, override?: { provider?: EngineName | null; model?: string | null }): ModelChoice {
  const configured = configuredProviders(config);
  const usable = (engine: EngineName | null | undefined): engine is EngineName =>
    engine === 'offline' || (engine !== undefined && engine !== null && configured.includes(engine));
  const engine: EngineName = usable(override?.provider)
    ? override.provider
    : usable(config.provider)
      ? config.provider
      : (configured[0] ?? 'offline');
  const sameAsGlobal = engine === (config.provider ?? configured[0]);
  const model = override?.model || (sameAsGlobal ? config.model : undefined) || DEFAULT_MODELS[engine];
  return { engine, model: engine === 'offline' ? DEFAULT_MODELS.offline : model };
}

/** The AI SDK model object for a provider choice (never called for 'offline'). */
export function languageModelFor(config: LlmConfig, choice: ModelChoice): LanguageModel {
  switch (choice.engine) {
    case 'openai':
      // Chat Completions rather than the Responses API: it is what every OpenAI-style gateway
      // behind OPENAI_BASE_URL also speaks.
      return createOpenAI({ apiKey: config.openai.apiKey, baseURL: config.openai.baseUrl }).chat(choice.model);
    case 'anthropic':
      return createAnthropic({ apiKey: config.anthropic.apiKey, baseURL: config.anthropic.baseUrl })(choice.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: config.google.apiKey, baseURL: config.google.baseUrl })(choice.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.openaiCompatible.baseUrl ?? '',
        apiKey: config.openaiCompatible.apiKey,
      }).chatModel(choice.model);
    case 'offline':
      throw new Error('The offline engine has no language model');
  }
}
