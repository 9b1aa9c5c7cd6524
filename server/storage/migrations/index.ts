// Numbered schema migrations, applied in order by ../migrate.ts. Never edit a released
// migration: add a new one. The SQL runs unchanged on PGlite and on PostgreSQL.
import { loginSchema } from './0001-login';
import { trialApplicationsSchema } from './0002-trial-applications';
import { marketDataSchema } from './0003-market-data';
import { sharedItemsSchema } from './0004-shared-items';
import { bondsSchema } from './0005-bonds';
import { newsSchema } from './0006-news';
import { requestKeysSchema } from './0007-request-keys';

export interface Migration {
  /** Strictly increasing; recorded in schema_migrations once applied. */
  id: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  { id: 1, name: 'login', sql: loginSchema },
  { id: 2, name: 'trial-applications', sql: trialApplicationsSchema },
  { id: 3, name: 'market-data', sql: marketDataSchema },
  { id: 4, name: 'shared-items', sql: sharedItemsSchema },
  { id: 5, name: 'bonds', sql: bondsSchema },
  { id: 6, name: 'news', sql: newsSchema },
  { id: 7, name: 'request-keys', sql: requestKeysSchema },
];
