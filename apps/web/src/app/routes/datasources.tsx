import { DATASOURCE_PAGE_SIZES } from '@tidemark/contract';
import { useSearchParams } from 'react-router';
import { DatasourcesPage, type ConnectionsPage } from '@/features/connections';
import { useTenantInfo } from '@/features/tenants';

const SORTS = [
  'created_at',
  'connection_name',
  'connector_name',
  'sync_frequency',
  'status',
  'datasource_id',
];

/** /datasources: paging and sorting live in the URL, so a reload or a shared link keeps them. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const info = useTenantInfo();
  const count = Number(params.get('count'));
  const sortBy = params.get('sort_by');
  const order = params.get('order');
  const page: ConnectionsPage = {
    page: Math.max(1, Number(params.get('page')) || 1),
    count: (DATASOURCE_PAGE_SIZES as readonly number[]).includes(count) ? count : DATASOURCE_PAGE_SIZES[0],
    sortBy: sortBy && SORTS.includes(sortBy) ? sortBy : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
  };
  return (
    <DatasourcesPage
      page={page}
      timezone={info.data?.timezone}
      onPageChange={(next) =>
        setParams((p) => {
          p.set('page', String(next.page));
          p.set('count', String(next.count));
          if (next.sortBy) p.set('sort_by', next.sortBy);
          if (next.order) p.set('order', next.order);
          return p;
        })
      }
    />
  );
}
