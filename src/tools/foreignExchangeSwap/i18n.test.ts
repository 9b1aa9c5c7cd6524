import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { strings } from './i18n';

describe('foreignExchangeSwap strings', () => {
  it('has the same keys in zh and en', () => {
    expect(keyPaths(strings.zh)).toEqual(keyPaths(strings.en));
  });
});
