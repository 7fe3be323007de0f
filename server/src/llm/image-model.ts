/** The AI SDK image model for a choice; imported lazily by image-generation.ts. */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ImageModel } from 'ai';
import type { LlmConfig } from './types';

export type ImageProvider = 'openai' | 'openai-compatible' | 'google';

/** Which provider's image model, and which model (chosen by image-generation.ts). */
export interface ImageModelChoice {
  provider: ImageProvider;
  model: string;
}

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
