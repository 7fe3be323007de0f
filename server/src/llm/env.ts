/**
 * LLM and agent-run environment variables (docs/agents.md "Environment"). config.ts merges this
 * shape into its one schema, so every variable is still read and checked once at start-up.
 */
import { z } from 'zod';
import type { EmbeddingConfig, ImageConfig, LlmConfig } from './types';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });

export const llmEnvShape = {
  LLM_PROVIDER: optional(z.enum(['openai', 'anthropic', 'google', 'openai-compatible', 'offline'])),
  LLM_MODEL: optional(z.string().min(1)),
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_BASE_URL: optional(httpUrl('OPENAI_BASE_URL')),
  ANTHROPIC_API_KEY: optional(z.string()),
  ANTHROPIC_BASE_URL: optional(httpUrl('ANTHROPIC_BASE_URL')),
  GOOGLE_GENERATIVE_AI_API_KEY: optional(z.string()),
  GOOGLE_BASE_URL: optional(httpUrl('GOOGLE_BASE_URL')),
  OPENAI_COMPATIBLE_BASE_URL: optional(httpUrl('OPENAI_COMPATIBLE_BASE_URL')),
  OPENAI_COMPATIBLE_API_KEY: optional(z.string()),
  // Five minutes: long answers from slow local models finish; a hung provider still fails the run.
  LLM_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(300),
  // Spec 001 §7 poll is long-running; ~25 s stays under common proxy idle limits (30–60 s).
  AGENT_POLL_HOLD_SECONDS: optional(z.coerce.number().min(0.05).max(120)).default(25),
  // A run's claim lasts this long without a heartbeat; after that another process may resume it.
  AGENT_RUN_LEASE_SECONDS: optional(z.coerce.number().min(1).max(3600)).default(90),
  AGENT_RUN_MAX_ATTEMPTS: optional(z.coerce.number().int().min(1).max(10)).default(3),
  // Back-off before a failed attempt's retry: this, then twice as long after each further failure.
  AGENT_RUN_RETRY_SECONDS: optional(z.coerce.number().int().min(1).max(600)).default(5),
  // Runs answered at once per process (each waits on a model most of the time, so this is not CPU).
  AGENT_RUN_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)).default(8),
  // Hybrid knowledge search (docs/knowledge.md "Search"): off unless a provider is named. The
  // provider's key and base URL are the ones above (OPENAI_*, GOOGLE_*, OPENAI_COMPATIBLE_*).
  EMBEDDING_PROVIDER: optional(z.enum(['openai', 'google', 'openai-compatible', 'none'])).default('none'),
  EMBEDDING_MODEL: optional(z.string().min(1)),
  // Image generation for Creative Assets (docs/assets.md "Image generation"). Unset: OpenAI's
  // image model when OPENAI_API_KEY is set, else none. Credentials are the provider's above.
  IMAGE_PROVIDER: optional(z.enum(['openai', 'openai-compatible', 'google', 'none'])),
  IMAGE_MODEL: optional(z.string().min(1)),
};

type LlmEnv = z.output<z.ZodObject<typeof llmEnvShape>>;

export interface AgentRunConfig {
  pollHoldMs: number;
  leaseMs: number;
  maxAttempts: number;
  retryBaseSeconds: number;
  concurrency: number;
}

export function llmConfigFrom(values: LlmEnv): LlmConfig {
  return {
    provider: values.LLM_PROVIDER,
    model: values.LLM_MODEL,
    openai: { apiKey: values.OPENAI_API_KEY, baseUrl: values.OPENAI_BASE_URL },
    anthropic: { apiKey: values.ANTHROPIC_API_KEY, baseUrl: values.ANTHROPIC_BASE_URL },
    google: { apiKey: values.GOOGLE_GENERATIVE_AI_API_KEY, baseUrl: values.GOOGLE_BASE_URL },
    openaiCompatible: { baseUrl: values.OPENAI_COMPATIBLE_BASE_URL, apiKey: values.OPENAI_COMPATIBLE_API_KEY },
    timeoutMs: values.LLM_TIMEOUT_SECONDS * 1000,
    embedding: embeddingConfigFrom(values),
    image: imageConfigFrom(values),
  };
}

function imageConfigFrom(values: LlmEnv): ImageConfig {
  return { provider: values.IMAGE_PROVIDER, model: values.IMAGE_MODEL };
}

function embeddingConfigFrom(values: LlmEnv): EmbeddingConfig {
  return {
    provider: values.EMBEDDING_PROVIDER === 'none' ? undefined : values.EMBEDDING_PROVIDER,
    model: values.EMBEDDING_MODEL,
  };
}

export function agentRunConfigFrom(values: LlmEnv): AgentRunConfig {
  return {
    pollHoldMs: Math.round(values.AGENT_POLL_HOLD_SECONDS * 1000),
    leaseMs: Math.round(values.AGENT_RUN_LEASE_SECONDS * 1000),
    maxAttempts: values.AGENT_RUN_MAX_ATTEMPTS,
    retryBaseSeconds: values.AGENT_RUN_RETRY_SECONDS,
    concurrency: values.AGENT_RUN_CONCURRENCY,
  };
}
