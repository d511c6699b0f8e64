export { startFakeStatusPages, type FakeStatusPages, type FakeMode } from './server';
export * from '../../modules/outages/recorded-bodies';
export * from './bad-bodies';
