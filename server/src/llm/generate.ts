/** One streamed model call through the AI SDK, with a time limit and errors a runner can act on. */
import { APICallError, streamText, type LanguageModel } from 'ai';
import { LlmError, type GenerateInput } from './types';

/** Status codes after which the same request may succeed later (rate limits, overload, outages). */
const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);

export async function generateWithModel(model: LanguageModel, input: GenerateInput, timeoutMs: number): Promise<string> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let failure: unknown;
  const result = streamText({
    model,
    system: input.system,
    messages: input.turns,
    temperature: input.temperature,
    maxOutputTokens: input.maxOutputTokens,
    abortSignal: signal,
    // The job queue retries a failed run with back-off; retrying inside as well would multiply waits.
    maxRetries: 0,
    onError: ({ error }) => {
      failure = error;
    },
  });
  let text = '';
  try {
    for await (const delta of result.textStream) {
      text += delta;
      input.onProgress?.(text);
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined || signal.aborted) throw toLlmError(failure, input.signal, timeout, timeoutMs);
  if (text.trim() === '') throw new LlmError('The model returned an empty reply', true);
  return text;
}

export function toLlmError(error: unknown, caller: AbortSignal | undefined, timeout: AbortSignal, timeoutMs: number): LlmError {
  if (caller?.aborted) return new LlmError('The run was stopped', false, { cause: error });
  if (timeout.aborted) return new LlmError(`The model did not answer within ${Math.round(timeoutMs / 1000)} s`, true, { cause: error });
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const retryable = status === undefined || RETRYABLE_STATUS.has(status) || error.isRetryable;
    return new LlmError(`The model provider answered ${status ?? 'without a status'}: ${error.message}`, retryable, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  // Connection failures (refused, reset, DNS) are worth another attempt.
  return new LlmError(`The model call failed: ${message}`, true, { cause: error });
}
