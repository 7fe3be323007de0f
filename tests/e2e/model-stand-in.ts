/**
 * A browser test file's server with the local OpenAI-compatible stand-in beside it: the stand-in
 * starts first so the server can be given its address. The default engine stays offline, so only
 * an agent a test sets to the `openai-compatible` provider answers through the stand-in.
 */
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { startedForSuite } from '../helpers/suite-fixtures';
import { startAppForFile, type AppUnderTest } from './harness';

export function startAppWithModelStandIn(): { app: AppUnderTest; model: FakeOpenAi } {
  // Read by the server's start, which runs after the stand-in's.
  const env: Record<string, string> = { LLM_PROVIDER: 'offline' };
  const model = startedForSuite(async () => {
    const started = await startFakeOpenAi();
    env.OPENAI_COMPATIBLE_BASE_URL = started.baseUrl;
    return started;
  });
  return { app: startAppForFile({ env }), model };
}
