/**
 * The AI SDK model object for a provider choice. Imported lazily by model-call.ts: the SDK and its
 * providers are ~20 MiB of resident memory that a server on the offline engine never needs.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { LlmConfig, ModelChoice } from './types';

/** Never called for 'offline'. */
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
