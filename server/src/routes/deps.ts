import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { SessionService } from '../services/sessions.service';

/** What route plugins need from the app; passed as plugin options. */
export interface RouteDeps {
  config: AppConfig;
  db: Db;
  sessions: SessionService;
}
