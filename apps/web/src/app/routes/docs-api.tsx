import { ApiDocsPage } from '@/features/api-docs';

export function Component() {
  return <ApiDocsPage />;
}
