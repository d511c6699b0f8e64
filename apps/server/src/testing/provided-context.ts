// What the test run's global setup (scripts/test-database.ts) hands every test file.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL the API tests use; each suite makes a schema of its own in it. */
    databaseUrl: string;
  }
}
export {};
