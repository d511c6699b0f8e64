export * from './series';
export * from './range';
export * from './spikes';
export * from './trend';
export * from './rootcause';
// Streaming expected range and NAB (owned by the streaming engineer): export line goes here.
