// What the test run's global setup (scripts/test-database.ts) hands every test file.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL the API tests use; each suite makes a schema of its own in it. */
    databaseUrl: string;
    /** The run's migrated and seeded database that each test app clones (app-template.ts), or ''. */
    appTemplate: string;
  }
}
export {};
