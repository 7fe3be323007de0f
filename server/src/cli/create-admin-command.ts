/**
 * What `npm run admin:create` does (the entry, create-admin.ts, documents the command): parses the
 * arguments, opens the configured database and creates or promotes the platform admin. It answers
 * with the process's exit code and writes only through `out`, so the entry stays a thin wrapper.
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

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
} as const;

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** Exit codes: 0 done, 1 the database or configuration failed, 2 bad arguments. */
export async function runCreateAdmin(argv: string[], env: NodeJS.ProcessEnv, out: CommandOutput): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true }));
  } catch (error: unknown) {
    // An unknown option or one without its value: node's message names it.
    out.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  try {
    const parsed = argsSchema.safeParse({ ...values, password: values.password ?? (env.MOSAIC_ADMIN_PASSWORD || undefined) });
    if (!parsed.success) {
      out.error(parsed.error.issues.map((issue) => `Error: ${issue.message}`).join('\n'));
      return 2;
    }
    const args = parsed.data;
    const config = loadConfig(env);
    const database = await openDatabase(databaseTargetFor(config));
    try {
      await database.migrate();
      const result = await upsertPlatformAdmin(database.db, { email: args.email, name: args.name, role: args.role, password: args.password });
      out.log(`${result.created ? 'Created' : 'Promoted'} ${args.role} ${result.user.email} (${result.user.id}).`);
      if (result.generatedPassword) out.log(`Generated password (shown once, store it now): ${result.generatedPassword}`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error: unknown) {
    if (error instanceof FolderInUseError) {
      out.error(`${error.message}\nTo create an admin on the embedded database: stop the server, run this command again, then start the server.`);
    } else {
      // A configuration problem is the person's to fix: its message says how. Anything else is a fault: its stack.
      out.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    return 1;
  }
}
