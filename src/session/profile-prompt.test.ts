import { describe, expect, it } from 'vitest';
import { claimProfilePrompt } from './profile-prompt';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('claimProfilePrompt', () => {
  it('grants the prompt once per sid', () => {
    const s = memoryStore();
    expect(claimProfilePrompt('a', s)).toBe(true);
    expect(claimProfilePrompt('a', s)).toBe(false);
  });
  it('a new session is prompted again', () => {
    const s = memoryStore();
    claimProfilePrompt('a', s);
    expect(claimProfilePrompt('b', s)).toBe(true);
  });
});
