/**
 * Before any browser test: the shared production build (made once per source state, reused by
 * every later run) and the prepared database template, so no test file waits for either and a
 * failed build stops the run with the build's own error.
 */
import { pgliteTemplate } from '../helpers/database-template';
import { sharedBuild } from '../tools/test-build';

export default async function setup(): Promise<void> {
  await Promise.all([sharedBuild(), pgliteTemplate()]);
}
