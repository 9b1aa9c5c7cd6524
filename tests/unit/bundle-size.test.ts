import { describe, expect, it } from 'vitest';
import { loginChunksFromManifest, staticClosure, type Manifest } from '../../scripts/bundle-size';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/pages/index.ts', 'src/app/HomeShell.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  'src/pages/index.ts': { file: 'assets/pages.js', dynamicImports: ['src/pages/login/index.tsx'] },
  'src/pages/login/index.tsx': { file: 'assets/login.js', imports: ['_form.js', '_react.js'] },
  '_form.js': { file: 'assets/form.js' },
  'src/app/HomeShell.tsx': { file: 'assets/shell.js', imports: ['_react.js'] },
};

describe('bundle-size module graph', () => {
  it('follows static imports once, not dynamic ones', () => {
    expect(staticClosure(manifest, ['index.html']).sort()).toEqual(['assets/index.js', 'assets/react.js']);
  });
  it('the login page set is the entry plus the lazy path to the login module, not the shell', () => {
    expect(loginChunksFromManifest(manifest).sort()).toEqual(['assets/form.js', 'assets/index.js', 'assets/login.js', 'assets/pages.js', 'assets/react.js']);
  });
});
