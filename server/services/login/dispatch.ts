// The single handler registered for LoginSvr / SYS.ATS.LOGIN: parses content, routes on
// content.method, and turns every failure into a reply body. It never throws.
import type { RequestContext, ServiceHandler } from '../../contracts';
import { LoginCode, LoginFailure, missingField } from './codes';
import type { LoginContext } from './context';
import { methods } from './methods';
import { failureBody } from '../handlers';

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
    try {
      return await methods[method](fields, req, c);
    } catch (e) {
      return failureBody(e, LoginFailure, LoginCode.serverError, c.log, `[LoginSvr] ${method}`);
    }
  };
}
