// The latest intraday value of every series that moves on the bus (md.* pushes from the
// feed in this or another instance), so MD.LATEST answers with the live figure and its
// time without a database round trip. Fixings never come through here.
import type { NotificationBus } from '../../contracts';
import type { SourceKind } from '../../../src/kit/market-data/provenance';
import { seriesIdOfTopic } from '../../../src/kit/market-data/series';

export interface LiveValue {
  value: number;
  bid?: number;
  ask?: number;
  date: string;
  ts: number;
  source: string;
  sourceKind: SourceKind;
}

export class LiveCache {
  private readonly values = new Map<string, LiveValue>();

  constructor(bus: NotificationBus) {
    bus.onEvent((topic, e) => {
      const id = seriesIdOfTopic(topic);
      if (!id || typeof e.value !== 'number' || typeof e.ts !== 'number') return;
      // Imports publish too; only intraday feed figures are kept (imports live in the database).
      if (e.sourceKind !== 'simulated' && e.sourceKind !== 'live' && e.sourceKind !== 'vendor') return;
      this.values.set(id, {
        value: e.value,
        bid: typeof e.bid === 'number' ? e.bid : undefined,
        ask: typeof e.ask === 'number' ? e.ask : undefined,
        date: String(e.date),
        ts: e.ts,
        source: String(e.source),
        sourceKind: e.sourceKind as SourceKind,
      });
    });
  }

  get(id: string): LiveValue | undefined {
    return this.values.get(id);
  }

  get size(): number {
    return this.values.size;
  }
}
