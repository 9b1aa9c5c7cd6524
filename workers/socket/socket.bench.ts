// Browser socket engine benchmarks (run by `npm run bench`; prints a Markdown section).
// 1. Notification fan-out to tabs: TabSubscriptions (trie index from src/wire) against the
//    obvious peer, scanning every tab's patterns with matchTopic.
// 2. A request's round trip through the engine (sequence table, framing, reply matching)
//    with a loopback server, gzip bodies (dataType 3, the product default, pako as in the
//    browser) against plain bodies (dataType 2): what the gzip default costs on small
//    messages and what it saves on large ones.
import os from 'node:os';
import { Command, encodeMessage, Format, matchTopic } from '../../src/wire';
import { SocketEngine, type WebSocketLike } from './engine';
import type { TabSink } from './hub-api';
import { TabSubscriptions } from './tab-subscriptions';
import { median, wallRate } from '../../scripts/bench-kit';


const rate = (fn: () => void, ms: number) => wallRate(fn, ms);

async function rateAsync(fn: () => Promise<void>, ms: number): Promise<number> {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    await fn();
    n++;
    t = performance.now();
  }
  return n / ((t - t0) / 1000);
}

/** Interleaved rounds; the ratio is the median of per-round ratios (load hits both alike). */
async function compare(peer: () => Promise<number> | number, ours: () => Promise<number> | number, rounds = 7) {
  const p: number[] = [];
  const o: number[] = [];
  const r: number[] = [];
  await peer();
  await ours();
  for (let i = 0; i < rounds; i++) {
    const a = await peer();
    const b = await ours();
    p.push(a);
    o.push(b);
    r.push(b / a);
  }
  return { peer: median(p), ours: median(o), ratio: median(r) };
}

const fmt = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(0));

// ---- 1. fan-out -------------------------------------------------------------------------
const PAIRS = Array.from({ length: 40 }, (_, i) => `P${String(i).padStart(2, '0')}CNY`);
function fanoutCase(tabs: number, patternsPerTab: number) {
  const subs = new TabSubscriptions();
  const naive = new Map<string, string[]>();
  for (let t = 0; t < tabs; t++) {
    const mine: string[] = [];
    for (let k = 0; k < patternsPerTab; k++) {
      const p = k % 10 === 9 ? `md.${k % 3 === 0 ? 'fx' : 'rates'}.*` : `md.fx.${PAIRS[(t * 7 + k) % PAIRS.length]}`;
      mine.push(p);
      subs.add(`tab${t}`, p);
    }
    naive.set(`tab${t}`, mine);
  }
  const topics = PAIRS.map((p) => `md.fx.${p}`);
  let i = 0;
  let sink = 0;
  const ours = () => {
    sink += subs.tabsFor(topics[i++ % topics.length]).length;
  };
  const peer = () => {
    const topic = topics[i++ % topics.length];
    for (const [, patterns] of naive) if (patterns.some((p) => matchTopic(p, topic))) sink++;
  };
  return { ours, peer, sink: () => sink };
}

// ---- 2. engine round trip ------------------------------------------------------------
/**
 * A server that costs (almost) nothing: replies are encoded once, as the gateway would
 * (gzip in mode 3), and only the sequence number is patched per reply, so the measured
 * time is the engine's own work on the client side.
 */
class LoopbackSocket implements WebSocketLike {
  binaryType = 'arraybuffer';
  readyState = 1;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  private readonly connectReply: Uint8Array;
  private readonly reply: Uint8Array;
  constructor(dataType: '2' | '3', replyBody: unknown) {
    const enc = (m: object) => encodeMessage(m as Parameters<typeof encodeMessage>[0], dataType) as Uint8Array;
    this.connectReply = enc({ command: Command.CONNECT, format: Format.REPLY, seq: 0, sid: '', body: { Code: '0000', connType: 'A', sid: '' } });
    this.reply = enc({ command: Command.SEND, format: Format.REPLY, seq: 0, sid: '', body: replyBody });
    queueMicrotask(() => this.onopen?.({}));
  }
  send(data: string | Uint8Array): void {
    const f = data as Uint8Array;
    const view = new DataView(f.buffer, f.byteOffset, f.byteLength);
    const command = view.getUint32(6);
    const format = view.getUint16(10);
    const template = command === Command.CONNECT ? this.connectReply : command === Command.SEND && format === Format.REQUEST ? this.reply : null;
    if (!template) return;
    const out = template.slice().buffer;
    new DataView(out).setUint32(12, view.getUint32(12));
    this.onmessage?.({ data: out });
  }
  close(): void {
    this.readyState = 3;
  }
}

async function engineFor(dataType: '2' | '3', replyBody: unknown, gzipMinBytes = 1024): Promise<SocketEngine> {
  const engine = new SocketEngine({ createSocket: () => new LoopbackSocket(dataType, replyBody), config: { url: 'ws://bench/gw/ws', dataType, heartbeatMs: 3_600_000, gzipMinBytes } });
  const sink: TabSink = { notify() {}, status() {}, control() {} };
  engine.attach('bench', sink, { sid: null });
  for (let i = 0; i < 10 && engine.status() !== 'loggedIn'; i++) await new Promise((r) => setTimeout(r, 0));
  if (engine.status() !== 'loggedIn') throw new Error('bench engine did not connect');
  return engine;
}

function pricingReply(rows: number) {
  return {
    Code: '0000',
    result: Array.from({ length: rows }, (_, i) => ({ strike: 7 + i / 100, premium: 0.01234 + i / 1e5, delta: 0.5 - i / 1000, gamma: 1.2, vega: 0.03 })),
  };
}

async function main() {
  const lines: string[] = [];
  lines.push('## Browser socket engine (workers/socket)', '');
  lines.push(`Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), shared with other jobs; ratios are medians of 7 interleaved rounds.`, '');

  lines.push('### Notification fan-out to tabs', '');
  lines.push('Which tabs get one NOTIFY: `TabSubscriptions` (segment trie) vs scanning every tab\'s patterns with `matchTopic`.', '');
  lines.push('| tabs × patterns | peer: scan (notifications/s) | ours: trie (notifications/s) | ratio ours/peer |', '|---|---|---|---|');
  for (const [tabs, per] of [[3, 5], [10, 40], [30, 100]] as const) {
    const c = fanoutCase(tabs, per);
    const r = await compare(() => rate(c.peer, 120), () => rate(c.ours, 120));
    lines.push(`| ${tabs} × ${per} | ${fmt(r.peer)} | ${fmt(r.ours)} | ${r.ratio.toFixed(2)} |`);
  }
  lines.push('');

  lines.push('### Request round trip through the engine', '');
  lines.push('Client-side work per request: sequence table → encode request `{a:1}` → (loopback server, replies pre-encoded) → decode reply → match → resolve; 100 requests in flight per batch. Peer: dataType 2 (plain bodies both ways); ours: dataType 3, the product default (server replies gzip, pako inflates them; small requests go plain below `gzipMinBytes` = 1024).', '');
  lines.push('| reply body | peer: byte (requests/s) | ours: gzip (requests/s) | ratio gzip/byte | reply bytes byte → gzip |', '|---|---|---|---|---|');
  for (const [name, body] of [['version (~40 B)', { Code: 0, McpVersion: '1.0.0' }], ['pricing reply (~3 KB)', pricingReply(40)], ['large reply (~400 KB)', pricingReply(5000)]] as const) {
    const plain = await engineFor('2', body);
    const gz = await engineFor('3', body);
    const batch = (e: SocketEngine) => async () => {
      await Promise.all(Array.from({ length: 100 }, () => e.request('bench', 'OptPricingSvr', 'X', { a: 1 })));
    };
    const large = name.startsWith('large');
    const ms = large ? 400 : 150;
    const r = await compare(async () => (await rateAsync(batch(plain), ms)) * 100, async () => (await rateAsync(batch(gz), ms)) * 100, large ? 3 : 7);
    const sizes = (['2', '3'] as const).map((dt) => (encodeMessage({ command: Command.SEND, format: Format.REPLY, seq: 1, body }, dt) as Uint8Array).length);
    lines.push(`| ${name} | ${fmt(r.peer)} | ${fmt(r.ours)} | ${r.ratio.toFixed(2)} | ${sizes[0]} → ${sizes[1]} |`);
  }
  lines.push('');
  {
    const body = { Code: 0, McpVersion: '1.0.0' };
    const always = await engineFor('3', body, 0);
    const threshold = await engineFor('3', body, 1024);
    const batch = (e: SocketEngine) => async () => {
      await Promise.all(Array.from({ length: 100 }, () => e.request('bench', 'OptPricingSvr', 'X', { a: 1 })));
    };
    const r = await compare(async () => (await rateAsync(batch(always), 150)) * 100, async () => (await rateAsync(batch(threshold), 150)) * 100);
    lines.push(`Small requests in gzip mode: compressing every request body (peer, ${fmt(r.peer)} requests/s) vs only bodies of 1024 bytes or more (ours, ${fmt(r.ours)} requests/s): ratio ${r.ratio.toFixed(2)}.`, '');
  }
  lines.push('Reading: gzip makes tiny frames larger and costs client CPU on every reply (pako sets up an inflater per message); it pays off on the wire for large replies. The product default stays gzip (SPEC 4: "connects ... with gzip data"); `deskSocketConfig` `{ "dataType": "2" }` switches a browser to plain bodies.');

  console.log('<!-- bench:begin -->');
  console.log(lines.join('\n'));
  console.log('<!-- bench:end -->');
}

await main();
process.exit(0); // engines keep heartbeat timers alive
