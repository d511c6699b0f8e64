import { ConnectorGrid } from '@/features/connections';

export function Component() {
  return <ConnectorGrid />;
}
