/// <reference lib="webworker" />
// SharedWorker entry: the ONE WebSocket for every tab of the origin. Each tab connects a
// port and gets the HubApi through Comlink; the tab's callbacks arrive as Comlink proxies.
// A tab that dies without saying goodbye is noticed through its Web Lock (hub-api.ts).
import { expose } from 'comlink';
import { defaultSocketUrl, SocketEngine, type WebSocketLike } from './engine';
import { watchTabLocks } from './tab-liveness';
import type { HubApi } from './hub-api';

const scope = self as unknown as SharedWorkerGlobalScope;

const engine = new SocketEngine({
  createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
  config: { url: defaultSocketUrl(scope.location) },
});
engine.mode = 'shared-worker';

const api: HubApi = watchTabLocks(engine);

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  expose(api, port);
};
