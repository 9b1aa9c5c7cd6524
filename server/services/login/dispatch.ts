// The single handler registered for LoginSvr / SYS.ATS.LOGIN: parses content, routes on
// content.method, and turns every failure into a reply body. It never throws.
import type { RequestContext, ServiceHandler } from '../../contracts';
import { LoginCode, LoginFailure, missingField } from './codes';
import type { LoginContext } from './context';
import { methods } from './methods';
import { failureBody } from '../handlers';
import { loginsTotal } from '../../observability/metrics';

/** The login rate on /metrics: ok, refused (too many attempts) or failed. */
export function countLogin(code: string): void {
  loginsTotal.inc({ result: code === LoginCode.ok ? 'ok' : code === LoginCode.tooManyAttempts ? 'refused' : 'failed' });
}

export function createDispatcher(c: LoginContext): ServiceHandler {
  return async (content: string, req: RequestContext) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      return missingField('content', 'content must be JSON text').body();
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return missingField('content', 'content must be a JSON object').body();
    }
    const fields = parsed as Record<string, unknown>;
    const method = fields.method;
    if (typeof method !== 'string' || !Object.hasOwn(methods, method)) {
      return missingField('method', `unknown method ${String(method)}`).body();
    }
    let reply: Record<string, unknown>;
    try {
      reply = await methods[method](fields, req, c);
    } catch (e) {
      reply = failureBody(e, LoginFailure, LoginCode.serverError, c.log, `[LoginSvr] ${method}`);
    }
    if (method === 'login' || method === 'loginBySms') countLogin(String(reply.Code));
    return reply;
  };
}
