// The prebuilt bundle of the price CLI: build/price-cli.mjs, made by esbuild from
// price-cli.ts and everything it imports (npm packages stay external, resolved from
// node_modules at run time), so a start costs Node plus one plain ES module instead of
// compiling TypeScript (about 0.07 s instead of 0.45 s).
//
// Freshness: build/price-cli.inputs.json records the modification time and size of every
// source the bundle was made from (esbuild's metafile), plus this file and tsconfig.json. The
// bundle is fresh when all of them still match; checking costs one stat per input (about 60,
// well under a millisecond). A file changed while a build ran is recorded as unknown, so the
// next start rebuilds. Builds write to temporary files and rename them, so concurrent starts
// never read half a bundle.
//
// Plain JavaScript, not TypeScript: the launcher must run before anything can compile TS.
// `node server/pricing/cli-bundle.mjs` builds it (npm's `prepare` after `npm ci`, and `npm run build`).
import { mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const bundleFile = join(root, 'build', 'price-cli.mjs');
const inputsFile = join(root, 'build', 'price-cli.inputs.json');
const entry = 'server/pricing/price-cli.ts';
const alwaysInputs = [relative(root, fileURLToPath(import.meta.url)), 'tsconfig.json'];

function stamp(path) {
  const st = statSync(join(root, path), { throwIfNoEntry: false });
  return st ? [st.mtimeMs, st.size] : null;
}

/** True when build/price-cli.mjs exists and none of its sources changed since it was built. */
export function isBundleFresh() {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return false;
  }
  const files = Object.entries(recorded.inputs ?? {});
  if (files.length === 0 || !recorded.bundle) return false;
  const same = (path, was) => {
    const now = stamp(path);
    return now !== null && now[0] === was[0] && now[1] === was[1];
  };
  return same(relative(root, bundleFile), recorded.bundle) && files.every(([path, was]) => same(path, was));
}

const inlinePackageJson = {
  name: 'inline-package-json',
  setup(b) {
    b.onResolve({ filter: /\.json$/ }, (args) => {
      if (args.path.startsWith('.') || args.path.startsWith('/')) return undefined;
      return { path: createRequire(join(args.resolveDir, 'x.js')).resolve(args.path) };
    });
  },
};

/** Builds the bundle and records its inputs. Throws (with esbuild's message) when a source does not compile. */
export async function buildBundle() {
  const { build } = await import('esbuild');
  const started = Date.now();
  mkdirSync(join(root, 'build'), { recursive: true });
  const tmp = `${bundleFile}.${process.pid}.tmp`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // JSON data of packages (chinese-days' notices, its version) is bundled: an external
    // `import ... from 'x.json'` would need an import attribute Node 20 insists on.
    plugins: [inlinePackageJson],
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    banner: { js: '// Built by server/pricing/cli-bundle.mjs from server/pricing/price-cli.ts; do not edit.' },
  });
  const inputs = {};
  for (const path of [...Object.keys(result.metafile.inputs), ...alwaysInputs]) {
    const now = stamp(path);
    // Touched since the build began: it may not be what esbuild read, so force a rebuild next time.
    inputs[path] = now && now[0] < started ? now : [-1, -1];
  }
  renameSync(tmp, bundleFile);
  const bundle = stamp(relative(root, bundleFile));
  const tmpInputs = `${inputsFile}.${process.pid}.tmp`;
  writeFileSync(tmpInputs, JSON.stringify({ entry, builtAt: new Date(started).toISOString(), bundle, inputs }, null, 1) + '\n');
  renameSync(tmpInputs, inputsFile);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  buildBundle().then(
    () => console.log(`built ${relative(root, bundleFile)}`),
    (e) => { console.error(e.message ?? e); process.exit(1); },
  );
}
