/**
 * Global set-up of the server test project: the prepared database template (made once per schema,
 * tests/helpers/database-template.ts) exists before the first test file asks for it, so two
 * workers starting together do not both make it.
 */
import { pgliteTemplate, postgresTemplate } from './database-template';

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  await (url ? postgresTemplate(url) : pgliteTemplate());
}
