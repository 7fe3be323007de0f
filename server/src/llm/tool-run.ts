/**
 * One model call that may use tools (Agent Mode steps, docs/agent-mode.md "Real providers"): the AI
 * SDK's streamText with the step's tools, several model calls in a row while the model calls tools
 * whose results go back to it, the text streamed as it is written. A call of a tool without
 * `execute` ends the turn (the caller acts on it: asking the person a question).
 */
import { stepCountIs, streamText, tool, type LanguageModel, type ToolSet } from 'ai';
import { toLlmError } from './generate';
import { LlmError, type ToolRunInput, type ToolRunResult } from './types';

export async function runWithTools(model: LanguageModel, input: ToolRunInput, timeoutMs: number): Promise<ToolRunResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  const tools: ToolSet = {};
  for (const spec of input.tools) {
    const execute = spec.execute;
    tools[spec.name] = execute
      ? tool({ description: spec.description, inputSchema: spec.input, execute: (value: unknown) => execute(value as never) })
      : tool({ description: spec.description, inputSchema: spec.input });
  }
  const endsTurn = new Set(input.tools.filter((spec) => !spec.execute).map((spec) => spec.name));
  let failure: unknown;
  const result = streamText({
    model,
    system: input.system,
    prompt: input.prompt,
    tools,
    stopWhen: stepCountIs(input.maxSteps),
    temperature: input.temperature,
    maxOutputTokens: input.maxOutputTokens,
    abortSignal: signal,
    // The job retries a failed step with back-off; retrying inside as well would multiply waits.
    maxRetries: 0,
    onError: ({ error }) => {
      failure = error;
    },
  });
  let text = '';
  let endedWith: ToolRunResult['endedWith'] = null;
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        input.onProgress?.(text);
      } else if (part.type === 'tool-call') {
        input.onToolCall?.(part.toolName, part.input);
        if (endsTurn.has(part.toolName)) endedWith ??= { tool: part.toolName, input: part.input };
      } else if (part.type === 'tool-error') {
        // A tool that threw: the model is told and may go on; a broken tool is our fault, not retryable by waiting.
        failure ??= part.error;
      } else if (part.type === 'error') {
        failure ??= part.error;
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined || signal.aborted) throw toLlmError(failure, input.signal, timeout, timeoutMs);
  if (text.trim() === '' && !endedWith) throw new LlmError('The model returned an empty reply', true);
  return { text, endedWith };
}
