#!/usr/bin/env node
// `npm run --silent price` (or `node server/pricing/price.mjs`, which saves npm's own start-up):
// runs the prebuilt bundle of price-cli.ts, never a stale one. When a source changed since the
// bundle was built (someone editing the pricing core), it is rebuilt first (about 0.1 s); if
// that fails (e.g. a read-only install), the TypeScript sources run through tsx as before.
import { pathToFileURL } from 'node:url';
import { buildBundle, bundleFile, isBundleFresh } from './cli-bundle.mjs';

async function load() {
  if (!isBundleFresh()) {
    try {
      await buildBundle();
    } catch (e) {
      process.stderr.write(`price: could not rebuild ${bundleFile} (${e.message ?? e}); running the sources through tsx\n`);
      const { register } = await import('tsx/esm/api');
      register();
      return import('./price-cli.ts');
    }
  }
  return import(pathToFileURL(bundleFile).href);
}

load()
  .then((cli) => cli.main())
  .catch((e) => { console.error(e); process.exit(1); });
