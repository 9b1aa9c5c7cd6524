// The logger shape every server module takes. main.ts passes the console one; tests pass
// `silentLogger` so expected failures (malformed frames, refused origins) stay quiet.
export interface Logger {
  debug(msg: string, extra?: Record<string, unknown>): void;
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

function line(level: string, msg: string, extra?: Record<string, unknown>): string {
  return `${new Date().toISOString()} ${level} ${msg}${extra ? ' ' + JSON.stringify(extra) : ''}`;
}

export function createConsoleLogger(minLevel: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const order = ['debug', 'info', 'warn', 'error'];
  const on = (l: string) => order.indexOf(l) >= order.indexOf(minLevel);
  return {
    debug: (m, e) => on('debug') && console.debug(line('DEBUG', m, e)),
    info: (m, e) => on('info') && console.info(line('INFO', m, e)),
    warn: (m, e) => on('warn') && console.warn(line('WARN', m, e)),
    error: (m, e) => on('error') && console.error(line('ERROR', m, e)),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
