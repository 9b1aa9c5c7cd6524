import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { downloadStrings } from './i18n';

describe('add-in page strings', () => {
  it('zh and en have the same keys', () => {
    expect(keyPaths(downloadStrings.zh)).toEqual(keyPaths(downloadStrings.en));
  });
});
