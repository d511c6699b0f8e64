export { filtersRoutes } from './filters.routes';
export { createGlobalFilter, deleteGlobalFilter, listGlobalFilters } from './filters.service';
