import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../shared/error-messages';
import en from './en.json';
import zh from './zh.json';

function flatKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

function lookup(bundle: unknown, key: string): unknown {
  return key.split('.').reduce<any>((node, part) => (node == null ? undefined : node[part]), bundle);
}

describe('access i18n bundles', () => {
  it('zh and en carry exactly the same keys', () => {
    expect(flatKeys(zh).sort()).toEqual(flatKeys(en).sort());
  });
  it('every LoginSvr error code has a message in both languages', () => {
    for (const key of ERROR_KEYS) {
      expect(typeof lookup(zh, key), key).toBe('string');
      expect(typeof lookup(en, key), key).toBe('string');
    }
  });
  it('keeps the interpolation placeholders in both languages', () => {
    for (const key of flatKeys(en)) {
      const names = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(lookup(zh, key)), key).toEqual(names(lookup(en, key)));
    }
  });
  it('the spec wording is kept where the spec gives it', () => {
    expect(en.errors.userNameRepeated).toBe('The user name is repeated. Please reset it');
    expect(en.errors.passwordInconsistent).toBe('Password Inconsistency');
    expect(en.register.failed).toBe('Registe fail');
    expect(en.login.zone.clientTagline).toBe('Real exchange rates, better trading');
  });
});
