export { startFakeStatusPages, type FakeStatusPages, type FakeMode } from './server';
export * from './bodies';
