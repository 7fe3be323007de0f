/**
 * What every test of the Agent Mode screen sets up: a device with nothing saved, the fake backend
 * with its Agent Mode answers, an org owner signed in; and after it, the sign-out and any stubbed
 * browser API put back. `prepare` receives the test's fakes to keep them and add its own answers.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { wipeAll } from '../../../src/db';
import { installDomShims } from '../app/support/dom';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { installFakeAgentMode, type FakeAgentMode } from './fake-agent-mode';

export function prepareAgentModeScreenTests(prepare: (api: FakeApi, fake: FakeAgentMode) => void): void {
  beforeEach(async () => {
    installDomShims();
    await wipeAll();
    const api = installFakeApi();
    prepare(api, installFakeAgentMode(api));
    await signInAs(api, 'org_owner');
  });
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
