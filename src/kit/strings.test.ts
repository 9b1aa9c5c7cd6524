import { describe, expect, it } from 'vitest';
import { showcaseStrings } from '../tools/test/i18n';
import { keyPaths } from './i18n';
import { kitStrings } from './strings';

describe('kit strings', () => {
  it.each([kitStrings, showcaseStrings])('$ns has the same keys in zh and en', (s) => {
    expect(keyPaths(s.zh)).toEqual(keyPaths(s.en));
  });
  it('keeps the SPEC wording of the calculation messages', () => {
    expect((kitStrings.en.error as Record<string, string>).inverseFailed).toBe('Inverse result cannot be obtained, check input');
    expect((kitStrings.zh.error as Record<string, string>).inverseFailed).toBe('反推结果无法获得，请检查输入');
  });
});
