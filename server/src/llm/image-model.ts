/** The AI SDK image model for a choice; imported lazily by image-generation.ts. */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ImageModel } from 'ai';
import type { ImageModelChoice } from './image-generation';
import type { LlmConfig } from './types';

export function imageModelFor(config: LlmConfig, choice: ImageModelChoice): ImageModel {
  switch (choice.provider) {
    case 'openai':
      return createOpenAI({ apiKey: config.openai.apiKey, baseURL: config.openai.baseUrl }).image(choice.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: config.google.apiKey, baseURL: config.google.baseUrl }).image(choice.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.openaiCompatible.baseUrl ?? '',
        apiKey: config.openaiCompatible.apiKey,
      }).imageModel(choice.model);
  }
}
