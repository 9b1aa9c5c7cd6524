// The transports used only where SharedWorker is missing (Chrome on Android): the socket
// engine runs in a page. Kept in its own chunk so pages with SharedWorker never download the
// engine and pako (index.ts imports this module lazily).
import { defaultSocketUrl, SocketEngine, type WebSocketLike } from '../../workers/socket/engine';
import type { AttachInit, HubApi } from '../../workers/socket/hub-api';
import { watchTabLocks } from '../../workers/socket/tab-liveness';
import { CHANNEL_NAME, ElectedLink, LEADER_LOCK, serveHub } from './leader-election';
import { workerTicker } from './worker-ticker';

export function pageEngine(mode: string): SocketEngine {
  const engine = new SocketEngine({
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    config: { url: defaultSocketUrl(location) },
    ticker: workerTicker(),
  });
  engine.mode = mode;
  return engine;
}

export function electedLink(tabId: string, currentInit: () => AttachInit): HubApi {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const link = new ElectedLink(channel, tabId, currentInit);
  let host: ReturnType<typeof serveHub> | null = null;
  channel.onmessage = (ev) => {
    if (host) host.onMessage(ev.data);
    else link.onFollowerMessage(ev.data);
  };
  void navigator.locks.request(LEADER_LOCK, () => {
    const hub = watchTabLocks(pageEngine('leader'));
    host = serveHub(hub, channel, tabId);
    link.becomeLeader(hub);
    host.announce();
    return new Promise<never>(() => {}); // leader until this page goes away
  });
  return link;
}
