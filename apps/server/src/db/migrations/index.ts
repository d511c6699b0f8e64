import foundation from './0001-foundation';

/** Applied in order, once each; never edit one that has shipped, add the next. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '0001-foundation', sql: foundation },
];
