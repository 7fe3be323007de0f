/**
 * Text embeddings for hybrid knowledge search (docs/knowledge.md "Search"). Off unless
 * EMBEDDING_PROVIDER names a provider whose credentials (or base URL) are set; the provider's
 * key and base URL are the same variables the agents use (docs/agents.md "Engines").
 */
import type { EmbeddingModel, embedMany } from 'ai';
import type { EmbeddingProvider } from './embedding-model';
import type { LlmConfig } from './types';

/** Inexpensive general-purpose models; EMBEDDING_MODEL overrides them. */
export const DEFAULT_EMBEDDING_MODELS: Record<EmbeddingProvider, string> = {
  openai: 'text-embedding-3-small',
  google: 'gemini-embedding-001',
  'openai-compatible': 'nomic-embed-text',
};

export interface Embedder {
  /**
   * "provider:model", stored next to every vector: vectors of different models live in
   * different spaces (and often have different dimensions), so only same-model vectors are compared.
   */
  readonly modelKey: string;
  /** One vector per text, in order. Throws on any provider failure (callers fall back to full-text). */
  embed(texts: string[], options?: { timeoutMs?: number; maxRetries?: number }): Promise<number[][]>;
}

export type EmbedderChoice = { embedder: Embedder; problem?: undefined } | { embedder: null; problem: string | null };

/**
 * Passages per request: OpenAI accepts up to 2,048 inputs, but self-hosted servers (Ollama,
 * vLLM) and Google accept far fewer, and a smaller request fails (and is retried) more cheaply.
 */
const TEXTS_PER_CALL = 64;
/** Requests in flight at once per embed() call: polite to rate limits, still fast for big documents. */
const PARALLEL_CALLS = 2;
/** The SDK's own retries on 429/5xx; after that the caller falls back to full-text. */
const MAX_RETRIES = 2;

function missingCredentials(config: LlmConfig, provider: EmbeddingProvider): string | null {
  switch (provider) {
    case 'openai':
      return config.openai.apiKey ? null : 'OPENAI_API_KEY';
    case 'google':
      return config.google.apiKey ? null : 'GOOGLE_GENERATIVE_AI_API_KEY';
    case 'openai-compatible':
      return config.openaiCompatible.baseUrl ? null : 'OPENAI_COMPATIBLE_BASE_URL';
  }
}

/**
 * The configured embedder, or null with the reason to log (null reason: embeddings are simply
 * not configured, which is the default and needs no warning).
 */
export function chooseEmbedder(config: LlmConfig): EmbedderChoice {
  const provider = config.embedding?.provider;
  if (!provider) return { embedder: null, problem: null };
  const missing = missingCredentials(config, provider);
  if (missing) {
    return { embedder: null, problem: `EMBEDDING_PROVIDER=${provider} is set but ${missing} is not: knowledge search stays full-text only` };
  }
  const modelId = config.embedding?.model ?? DEFAULT_EMBEDDING_MODELS[provider];
  // The AI SDK is loaded with the first embedding, not at start (docs/reliability.md, "Footprint").
  let sdk: Promise<{ embedMany: typeof embedMany; model: EmbeddingModel }> | undefined;
  const loadSdk = () =>
    (sdk ??= import('./embedding-model').then((module) => ({ embedMany: module.embedMany, model: module.embeddingModelFor(config, provider, modelId) })));
  return {
    embedder: {
      modelKey: `${provider}:${modelId}`,
      async embed(texts, options = {}) {
        if (texts.length === 0) return [];
        const vectors: number[][] = [];
        // Our own batches rather than the SDK's per-model maximum (see TEXTS_PER_CALL).
        const batches: string[][] = [];
        for (let start = 0; start < texts.length; start += TEXTS_PER_CALL) batches.push(texts.slice(start, start + TEXTS_PER_CALL));
        const timeoutMs = options.timeoutMs ?? config.timeoutMs;
        const { embedMany, model } = await loadSdk();
        for (let start = 0; start < batches.length; start += PARALLEL_CALLS) {
          const results = await Promise.all(
            batches.slice(start, start + PARALLEL_CALLS).map((values) =>
              embedMany({ model, values, maxRetries: options.maxRetries ?? MAX_RETRIES, abortSignal: AbortSignal.timeout(timeoutMs) }),
            ),
          );
          for (const result of results) vectors.push(...result.embeddings);
        }
        if (vectors.length !== texts.length || vectors.some((vector) => vector.length === 0 || vector.some((value) => !Number.isFinite(value)))) {
          throw new Error(`The embedding provider answered ${vectors.length} usable vectors for ${texts.length} texts`);
        }
        return vectors;
      },
    },
  };
}
