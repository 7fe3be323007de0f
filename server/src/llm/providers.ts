/**
 * Chooses the engine for a run. The AI SDK model for a choice is built in language-model.ts, which
 * is loaded only when a model is first called (model-call.ts). The OpenAI-compatible provider
 * covers local and self-hosted servers (Ollama, vLLM, LM Studio) through their /v1 endpoints.
 */
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
