export { useFlags, flagsQueryOptions, getFlags, type Flags, type UseFlagsResult } from './api/get-flags';
