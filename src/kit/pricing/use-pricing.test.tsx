// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import type { PricingClient, PricingReply } from './client';
import { usePricing } from './use-pricing';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function harness() {
  const pending: { content: { spot: number }; resolve: (r: PricingReply) => void }[] = [];
  const client: PricingClient = {
    call: (_m, content) => new Promise((resolve) => pending.push({ content: content as { spot: number }, resolve: resolve as never })),
    price: () => Promise.reject(new Error('unused')),
    prepareOffline: () => {},
  };
  const gate = vi.fn(() => ({ allowed: true as const }));
  function Tool() {
    const [spot, setSpot] = useState('7.1');
    const pricing = usePricing({
      prepare: (s: string) => ({ call: { method: 'ATS.OPTPRICINGSVR.FORWARD', content: { spot: Number(s) } } }),
      read: (b) => b.forward as number,
      client,
      gate,
    }, spot);
    return (
      <>
        <input aria-label="Spot" value={spot} onChange={(e) => setSpot(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && pricing.commit()} />
        <section role="region" aria-label="Results" aria-busy={pricing.busy}>
          <span data-testid="forward" data-value={pricing.result ?? undefined}>{pricing.result ?? '-'}</span>
          {pricing.offline && <span data-testid="offline">offline</span>}
        </section>
      </>
    );
  }
  const reply = (i: number, offline = false) => act(() => pending[i].resolve({ body: { Code: 0, forward: pending[i].content.spot * 2 }, offline }));
  return { Tool, pending, gate, reply };
}

describe('usePricing', () => {
  it('prices the opening inputs uncounted, sets aria-busy in the input event, and shows only the newest reply', async () => {
    vi.useFakeTimers();
    const { Tool, pending, gate, reply } = harness();
    render(<StrictMode><Tool /></StrictMode>);
    expect(pending).toHaveLength(1); // StrictMode's second mount did not price again
    const region = screen.getByRole('region', { name: 'Results' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    await reply(0);
    expect(region.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByTestId('forward').dataset.value).toBe('14.2');
    expect(gate).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Spot'), { target: { value: '7.2' } });
    expect(region.getAttribute('aria-busy')).toBe('true'); // before any timer ran
    expect(pending).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(250));
    fireEvent.change(screen.getByLabelText('Spot'), { target: { value: '7.3' } });
    fireEvent.keyDown(screen.getByLabelText('Spot'), { key: 'Enter' });
    expect(pending.map((p) => p.content.spot)).toEqual([7.1, 7.2, 7.3]);
    await reply(2, true);
    expect(screen.getByTestId('forward').dataset.value).toBe('14.6');
    expect(screen.getByTestId('offline')).toBeTruthy();
    await reply(1); // late reply for 7.2
    expect(screen.getByTestId('forward').dataset.value).toBe('14.6');
    expect(region.getAttribute('aria-busy')).toBe('false');
    expect(gate).toHaveBeenCalledTimes(2);
  });
});
