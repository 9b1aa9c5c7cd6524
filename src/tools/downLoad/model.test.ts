import { describe, expect, it } from 'vitest';
import { ADDIN_RELEASE, checkPython } from './model';

describe('add-in release', () => {
  it('carries SPEC section 9 figures and no download link', () => {
    expect(ADDIN_RELEASE).toEqual({ version: '1.2.0', kernel: '1.2.15009', released: '2025-03-12', python: '3.9.7', downloadUrl: null });
  });
});

describe('python version check', () => {
  it('accepts exactly 3.9.7 as printed by python --version', () => {
    expect(checkPython('Python 3.9.7')).toEqual({ kind: 'ok', version: '3.9.7' });
    expect(checkPython(' 3.9.7\n')).toEqual({ kind: 'ok', version: '3.9.7' });
    expect(checkPython('python3.9.7')).toEqual({ kind: 'ok', version: '3.9.7' });
  });
  it('names the difference otherwise', () => {
    expect(checkPython('Python 3.11.4')).toEqual({ kind: 'mismatch', version: '3.11.4', required: '3.9.7' });
    expect(checkPython('Python 3.9')).toEqual({ kind: 'mismatch', version: '3.9.0', required: '3.9.7' });
    expect(checkPython('Python 3.9.17')).toMatchObject({ kind: 'mismatch', version: '3.9.17' });
  });
  it('says when it cannot read a version', () => {
    expect(checkPython('')).toEqual({ kind: 'unreadable' });
    expect(checkPython("'python' is not recognized as an internal or external command")).toEqual({ kind: 'unreadable' });
  });
});
