/**
 * npm run admin:create -- --email a@b.c --name "Ada" [--password …] [--role system_admin|support_admin]
 *
 * Creates a platform admin, or promotes the existing account with that email. The password comes
 * from --password, else MOSAIC_ADMIN_PASSWORD; a new account without either gets a generated one,
 * printed once. A promoted account keeps its password unless one is given.
 * Uses the same configuration as the server (DATABASE_URL or the PGlite data folder). The embedded
 * database is opened by one process at a time: against a running server on PGlite it refuses and
 * says to stop the server first (on PostgreSQL it runs beside the server).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { databaseTargetFor, openDatabase } from '../db/database';
import { FolderInUseError } from '../db/folder-lock';
import { upsertPlatformAdmin } from '../services/admins.service';

const argsSchema = z.object({
  email: z.string({ error: '--email is required' }).trim().toLowerCase().pipe(z.email({ error: '--email is not a valid email address' })),
  name: z.string({ error: '--name is required' }).trim().min(1, '--name is required').max(100),
  password: z.string().min(8, 'the password must be at least 8 characters').max(128).optional(),
  role: z.enum(['system_admin', 'support_admin'], { error: '--role must be system_admin or support_admin' }).default('system_admin'),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
    strict: true,
  });
  const parsed = argsSchema.safeParse({ ...values, password: values.password ?? (process.env.MOSAIC_ADMIN_PASSWORD || undefined) });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `Error: ${issue.message}`).join('\n'));
    process.exit(2);
  }
  const args = parsed.data;
  const config = loadConfig();
  const database = await openDatabase(databaseTargetFor(config));
  try {
    await database.migrate();
    const result = await upsertPlatformAdmin(database.db, {
      email: args.email,
      name: args.name,
      role: args.role,
      password: args.password,
    });
    console.log(`${result.created ? 'Created' : 'Promoted'} ${args.role} ${result.user.email} (${result.user.id}).`);
    if (result.generatedPassword) {
      console.log(`Generated password (shown once, store it now): ${result.generatedPassword}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof FolderInUseError) {
    console.error(`${error.message}\nTo create an admin on the embedded database: stop the server, run this command again, then start the server.`);
  } else {
    console.error(error instanceof ConfigError ? error.message : error);
  }
  process.exit(1);
});
