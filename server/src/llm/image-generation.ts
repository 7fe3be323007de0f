/**
 * Image generation for Creative Assets through the AI SDK's `generateImage` (docs/assets.md "Image
 * generation"). Which model: IMAGE_PROVIDER and IMAGE_MODEL; unset, OpenAI's image model when
 * OPENAI_API_KEY is set, else none (the screen then says image generation is not set up). The SDK
 * is imported on the first generation, like the language models (model-call.ts).
 */
import type { ImageModelChoice, ImageProvider } from './image-model';
import type { LlmConfig } from './types';

/** What the screen offers: shapes rather than pixel sizes, since each model has its own sizes. */
export type ImageShape = 'square' | 'landscape' | 'portrait';

export const DEFAULT_IMAGE_MODELS: Record<ImageProvider, string> = {
  openai: 'gpt-image-1',
  'openai-compatible': 'gpt-image-1',
  google: 'imagen-4.0-generate-001',
};

export interface GeneratedImage {
  bytes: Uint8Array;
  /** e.g. image/png, as the provider sent it (sniffed from the bytes by the SDK). */
  mediaType: string;
}

/** The image model in use, or null when none is configured (or its credentials are missing). */
export function chooseImageModel(config: LlmConfig): ImageModelChoice | null {
  const wanted = config.image?.provider;
  if (wanted === 'none') return null;
  const hasCredentials = (provider: ImageProvider) =>
    provider === 'openai' ? Boolean(config.openai.apiKey) : provider === 'google' ? Boolean(config.google.apiKey) : Boolean(config.openaiCompatible.baseUrl);
  // OpenAI-compatible servers (Ollama, vLLM) rarely generate images, so they are used only when named.
  const provider: ImageProvider | undefined = wanted ?? (config.openai.apiKey ? 'openai' : undefined);
  if (!provider || !hasCredentials(provider)) return null;
  return { provider, model: config.image?.model ?? DEFAULT_IMAGE_MODELS[provider] };
}

/**
 * The size to ask for: DALL·E 3 has its own wide sizes; gpt-image models and most compatible
 * servers take these; Google's Imagen takes an aspect ratio instead.
 */
function sizeFor(choice: ImageModelChoice, shape: ImageShape): { size?: `${number}x${number}`; aspectRatio?: `${number}:${number}` } {
  if (choice.provider === 'google') return { aspectRatio: shape === 'square' ? '1:1' : shape === 'landscape' ? '16:9' : '9:16' };
  if (choice.model.startsWith('dall-e-3')) return { size: shape === 'square' ? '1024x1024' : shape === 'landscape' ? '1792x1024' : '1024x1792' };
  return { size: shape === 'square' ? '1024x1024' : shape === 'landscape' ? '1536x1024' : '1024x1536' };
}

/** The provider refused or failed; the message is safe to show (no keys, no URLs). */
export class ImageGenerationError extends Error {
  override name = 'ImageGenerationError';
}

export async function generateImageBytes(
  config: LlmConfig,
  choice: ImageModelChoice,
  input: { prompt: string; shape: ImageShape; signal?: AbortSignal },
): Promise<GeneratedImage> {
  const [{ generateImage }, models] = await Promise.all([import('ai'), import('./image-model')]);
  const signal = input.signal ? AbortSignal.any([input.signal, AbortSignal.timeout(config.timeoutMs)]) : AbortSignal.timeout(config.timeoutMs);
  try {
    const { image } = await generateImage({
      model: models.imageModelFor(config, choice),
      prompt: input.prompt,
      n: 1,
      ...sizeFor(choice, input.shape),
      // One retry: images are slow and costly, and the person is waiting.
      maxRetries: 1,
      abortSignal: signal,
    });
    return { bytes: image.uint8Array, mediaType: image.mediaType };
  } catch (error) {
    throw new ImageGenerationError(reasonOf(error), { cause: error });
  }
}

/** The provider's own words when it gave any (a refused prompt says why), else a plain reason. */
function reasonOf(error: unknown): string {
  const candidate = error as { name?: string; message?: string; responseBody?: string; statusCode?: number; lastError?: unknown };
  const inner = (candidate.lastError ?? error) as { message?: string; responseBody?: string; statusCode?: number; name?: string };
  if (inner.name === 'TimeoutError' || inner.name === 'AbortError') return 'The image model did not answer in time.';
  if (inner.responseBody) {
    try {
      const parsed = JSON.parse(inner.responseBody) as { error?: { message?: string } };
      if (parsed.error?.message) return `The image model refused: ${parsed.error.message}`;
    } catch {
      // Not JSON: fall through to the status.
    }
  }
  if (inner.statusCode) return `The image model answered with an error (HTTP ${inner.statusCode}).`;
  return 'The image model could not be reached.';
}
