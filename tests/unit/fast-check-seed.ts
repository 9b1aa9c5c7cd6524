// Property tests draw a fixed, reproducible sample by default, so a red run means a regression
// and not an unlucky draw; `FC_SEED=random npx vitest run ...` (or a number) explores others.
// A failure prints its seed and path either way.
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed ? Number(seed) : 20261124 });
