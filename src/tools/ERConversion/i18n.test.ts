import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { strings } from './i18n';

describe('ERConversion strings', () => {
  it('has the same keys in zh and en', () => {
    expect(keyPaths(strings.zh)).toEqual(keyPaths(strings.en));
  });
  it('uses the binding English names of UI-CONTRACT section 5', () => {
    const en = strings.en as Record<string, unknown>;
    expect([en.from, en.to, en.amount, en.converted, en.rate, en.asOf]).toEqual(['From', 'To', 'Amount', 'Converted amount', 'Rate', 'As of']);
  });
});
