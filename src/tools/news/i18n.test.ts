import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { newsStrings } from './i18n';

describe('news strings', () => {
  it('zh and en have the same keys', () => {
    expect(keyPaths(newsStrings.zh)).toEqual(keyPaths(newsStrings.en));
  });
});
