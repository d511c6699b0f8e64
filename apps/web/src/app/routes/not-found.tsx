import { NotFoundPage } from '../errors/not-found-page';

export function Component() {
  return <NotFoundPage />;
}
