/**
 * The AI SDK side of embeddings.ts, imported on the first embedding: the SDK and its providers are
 * ~20 MiB of resident memory that a server without EMBEDDING_PROVIDER never needs.
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModel } from 'ai';
import type { EmbeddingConfig, LlmConfig } from './types';

export { embedMany } from 'ai';

export type EmbeddingProvider = NonNullable<EmbeddingConfig['provider']>;

export function embeddingModelFor(config: LlmConfig, provider: EmbeddingProvider, model: string): EmbeddingModel {
  switch (provider) {
    case 'openai':
      return createOpenAI({ apiKey: config.openai.apiKey, baseURL: config.openai.baseUrl }).embeddingModel(model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: config.google.apiKey, baseURL: config.google.baseUrl }).embeddingModel(model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.openaiCompatible.baseUrl ?? '',
        apiKey: config.openaiCompatible.apiKey,
      }).embeddingModel(model);
  }
}
