// Heartbeat ticks from a tiny dedicated Worker (SPEC section 4: "a background worker drives
// the timer"). A page engine (fallback leader) would otherwise see its 20 s interval
// throttled in a hidden tab, and the server drops a socket silent for 60 s.
import type { Ticker } from '../../workers/socket/engine';

const SOURCE = 'let id;onmessage=(e)=>{clearInterval(id);if(e.data>0)id=setInterval(()=>postMessage(0),e.data)}';

/** A Ticker driven by a dedicated worker; falls back to setInterval when workers are unavailable. */
export function workerTicker(): Ticker {
  return (onTick, everyMs) => {
    let worker: Worker | null = null;
    try {
      worker = new Worker(URL.createObjectURL(new Blob([SOURCE], { type: 'text/javascript' })));
    } catch {
      worker = null;
    }
    if (!worker) {
      const id = setInterval(onTick, everyMs);
      return () => clearInterval(id);
    }
    worker.onmessage = () => onTick();
    worker.postMessage(everyMs);
    const w = worker;
    return () => w.terminate();
  };
}
