import fc from 'fast-check';

// CI replays one fixed set of generated cases so a run is reproducible; local runs explore new ones each time
// (a failure prints its seed; FC_SEED=<seed> replays it).
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20_261_122 : undefined;
if (seed !== undefined) fc.configureGlobal({ seed });
