/** The provider layer's small interface: one model call that returns the reply text. */
import type { ZodType } from 'zod';

export const LLM_PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];
/** 'offline' is the built-in engine: no model, answers composed from the retrieved material. */
export type EngineName = LlmProviderName | 'offline';

/** Connection settings of every provider, read once from the environment (config.ts). */
export interface LlmConfig {
  /** Explicit choice; undefined → the first provider that has credentials, else offline. */
  provider: EngineName | undefined;
  /** Model id for the chosen provider; undefined → that provider's default. */
  model: string | undefined;
  openai: { apiKey: string | undefined; baseUrl: string | undefined };
  anthropic: { apiKey: string | undefined; baseUrl: string | undefined };
  google: { apiKey: string | undefined; baseUrl: string | undefined };
  openaiCompatible: { baseUrl: string | undefined; apiKey: string | undefined };
  /** Upper bound for one model call, so a hung provider fails the run instead of holding it. */
  timeoutMs: number;
  /** Passage embeddings for hybrid knowledge search; absent or without provider → full-text only. */
  embedding?: EmbeddingConfig;
  /** Image generation for Creative Assets; absent → as if unset (server/src/llm/image-generation.ts). */
  image?: ImageConfig;
}

/** IMAGE_PROVIDER / IMAGE_MODEL (the provider's credentials are the ones above). */
export interface ImageConfig {
  provider: 'openai' | 'openai-compatible' | 'google' | 'none' | undefined;
  model: string | undefined;
}

/** EMBEDDING_PROVIDER / EMBEDDING_MODEL (the provider's credentials are the ones above). */
export interface EmbeddingConfig {
  provider: 'openai' | 'google' | 'openai-compatible' | undefined;
  /** undefined → the provider's default embedding model (server/src/llm/embeddings.ts). */
  model: string | undefined;
}

/** Which engine and model answer a run. */
export interface ModelChoice {
  engine: EngineName;
  model: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface GenerateInput {
  system: string;
  turns: ChatTurn[];
  temperature?: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /** Called with the text received so far while the model streams. */
  onProgress?: (textSoFar: string) => void;
}

/**
 * A tool the model may call during a tool run (Agent Mode steps). `input` is a zod object schema
 * (sent to the model as JSON Schema and used to check its calls).
 */
export interface ToolSpec {
  name: string;
  description: string;
  input: ZodType;
  /**
   * Runs the tool with the model's input, checked against `input` (hence `never` here: each tool
   * names its own input type); its text goes back to the model. Absent: a call ends the model's
   * turn (the caller acts on it).
   */
  execute?: (input: never) => Promise<string>;
}

export interface ToolRunInput {
  system: string;
  prompt: string;
  tools: ToolSpec[];
  /** Model calls at most (each tool round trip is one). */
  maxSteps: number;
  temperature?: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /** The text written so far, each time it grows. */
  onProgress?: (textSoFar: string) => void;
  /** Every tool call the model makes, as it makes it. */
  onToolCall?: (name: string, input: unknown) => void;
}

export interface ToolRunResult {
  text: string;
  /** The call of a tool without `execute` that ended the turn, if the model made one. */
  endedWith: { tool: string; input: unknown } | null;
}

/** A model call failed. `retryable` says whether trying again later may succeed. */
export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
