// What the socket services (BondSvr, NewsSvr, ShareSvr, LoginSvr) share in turning requests
// into replies: a failure that carries its reply code and extra fields, and handlers that
// check the session, parse the content into fields and turn every failure into a reply body.
import { isDatabaseUnavailable, type Database, type RequestContext, type SessionUser } from '../contracts';
import { awaitStartup } from '../storage/startup-work';

type Body = Record<string, unknown>;
export type Fields = Record<string, unknown>;

/** A refusal with a reply code and English message; `extra` fields (field, retryAfterSec...) travel in the reply. */
export class ServiceFailure<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly extra: Body = {},
  ) {
    super(message);
  }
  body(): Body {
    return { Code: this.code, msg: this.message, ...this.extra };
  }
}

// `any`: each service narrows the code to its own codes; the handler passes codes from that same table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FailureClass = new (code: any, message: string, extra?: Body) => ServiceFailure;

/** A thrown `failure` replies its own body; anything else is logged and replies `serverError`. */
export function failureBody(e: unknown, failure: FailureClass, serverError: string, log: (msg: string) => void, where: string): Body {
  if (e instanceof failure) return e.body();
  // Not a failure of this request: the client says "briefly unavailable" and may retry.
  if (isDatabaseUnavailable(e)) return { Code: e.code, msg: e.message };
  log(`${where} failed: ${(e as Error)?.stack ?? String(e)}`);
  return { Code: serverError, msg: 'Server error' };
}

export interface SessionHandlerSpec<C> {
  /** Log prefix, e.g. 'ShareSvr'. */
  server: string;
  failure: FailureClass;
  codes: { sessionInvalid: string; badRequest: string; serverError: string };
  /** The caller behind a live session, or null when its account no longer exists. */
  caller: (user: SessionUser) => Promise<C | null>;
  log: (msg: string) => void;
  /** Extra fields of the reply to content that is not a JSON object. */
  badContentExtra?: Body;
  /** Code put in every successful reply (when the operations leave it out). */
  okCode?: string;
  /** Awaited before every request (e.g. a sample load); with `db`, not while the database is down (9503 at once). */
  ready?: Promise<unknown>;
  db?: Pick<Database, 'available'>;
}

export type SessionHandlers = Record<string, (content: string, ctx: RequestContext) => Promise<Body>>;

/** One handler per operation: needs a live session; content is '' or a JSON object. */
export function sessionHandlers<C>(spec: SessionHandlerSpec<C>, ops: Record<string, (caller: C, f: Fields) => Promise<Body> | Body>): SessionHandlers {
  const { failure: Failure, codes } = spec;
  const handlers: SessionHandlers = {};
  for (const [method, op] of Object.entries(ops)) {
    handlers[method] = async (content, ctx) => {
      try {
        if (spec.ready) await (spec.db ? awaitStartup(spec.ready, spec.db) : spec.ready);
        if (!ctx.user) throw new Failure(codes.sessionInvalid, 'Please log in');
        let fields: unknown;
        try {
          fields = content.trim() === '' ? {} : JSON.parse(content);
        } catch {
          throw new Failure(codes.badRequest, 'content is not JSON', spec.badContentExtra);
        }
        if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new Failure(codes.badRequest, 'content must be a JSON object', spec.badContentExtra);
        const caller = await spec.caller(ctx.user);
        if (caller === null) throw new Failure(codes.sessionInvalid, 'Please log in');
        const reply = await op(caller, fields as Fields);
        return spec.okCode === undefined ? reply : { Code: spec.okCode, ...reply };
      } catch (e) {
        return failureBody(e, Failure, codes.serverError, spec.log, `[${spec.server}] ${method}`);
      }
    };
  }
  return handlers;
}

/** The caller behind a session as BondSvr and ShareSvr see it: the account's id (user names match ignoring case). */
export function accountCaller(db: Pick<Database, 'query'>): (u: SessionUser) => Promise<{ id: number; userName: string; inf5: string } | null> {
  return async (u) => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [u.userName]);
    return rows[0] ? { id: Number(rows[0].id), userName: u.userName, inf5: u.inf5 } : null;
  };
}
