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
import { runCreateAdmin } from './create-admin-command';

process.exitCode = await runCreateAdmin(process.argv.slice(2), process.env, { log: console.log, error: console.error });
