// Numbered schema migrations, applied in order by ../migrate.ts. Never edit a released
// migration: add a new one. The SQL runs unchanged on PGlite and on PostgreSQL.
import { loginSchema } from './0001-login';
import { trialApplicationsSchema } from './0002-trial-applications';

export interface Migration {
  /** Strictly increasing; recorded in schema_migrations once applied. */
  id: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  { id: 1, name: 'login', sql: loginSchema },
  { id: 2, name: 'trial-applications', sql: trialApplicationsSchema },
];
