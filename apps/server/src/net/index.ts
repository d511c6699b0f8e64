export {
  decideAddress,
  outboundGuard,
  outboundPolicy,
  resolveOutbound,
  OutboundError,
  type AddressDecision,
  type CheckedTarget,
  type OutboundFailure,
  type OutboundGuard,
  type OutboundPolicy,
  type Resolver,
} from './outbound';
