export * from './series';
export * from './range';
export * from './spikes';
export * from './trend';
export * from './rootcause';
export * from './insight';
export * from './groups';
export * from './overlays';
export * from './forecast';
export * from './analyze';
// Streaming expected range and NAB (owned by the streaming engineer): export line goes here.
