// Structured JSON logs (pino), one object per line on stdout: time, level, msg, the fields a
// caller passes, and the request being handled when the line was written. The gateway runs
// each request inside `requestScope` with its request id (`rid`: the client's requestId when
// it sent one, else a fresh id), so every line a service writes while handling it carries the
// same rid, however deep the call. Logger is the interface every server module already takes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import pino, { type DestinationStream } from 'pino';
import type { Logger } from '../gateway/log';

export interface RequestScope {
  /** Request id: follows one request through the gateway and the services in the logs. */
  rid: string;
  conn: number;
  server: string;
  method: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** A request id for a request that came without a requestId. */
export function newRid(): string {
  return randomBytes(9).toString('base64url');
}

export function createJsonLogger(level: 'debug' | 'info' | 'warn' | 'error' = 'info', destination?: DestinationStream): Logger {
  const p = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // The request being handled, if any: rid, conn, server, method.
      mixin: () => ({ ...requestScope.getStore() }),
    },
    // Synchronous: a line written just before process.exit is not lost.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  const at = (l: 'debug' | 'info' | 'warn' | 'error') => (msg: string, extra?: Record<string, unknown>) => p[l](extra ?? {}, msg);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
