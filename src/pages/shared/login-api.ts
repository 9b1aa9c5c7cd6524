// The only module of src/pages that talks to the server: the LoginSvr API bound to the
// page's socket client.
import { getSocketClient } from '../../socket-client';
import { createLoginApi, type LoginApi } from './login-api-core';

export * from './login-api-core';

/** The app-wide instance; the socket client is looked up per call (one per page). */
export const loginApi: LoginApi = createLoginApi((serverName, method, content) =>
  getSocketClient().request(serverName, method, content),
);
