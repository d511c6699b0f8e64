import {
  FILTER_ERRORS,
  GLOBAL_FILTERS_MAX,
  type CreateGlobalFilterBody,
  type GlobalFilter,
} from '@tidemark/contract';

import { AppError } from '../../errors';

import type { TenantContext } from '../../plugins/context';

import { dimensionValues, listDimensions } from '../metrics';
import * as repo from './filters.repository';

const toFilter = (row: repo.GlobalFilterRow): GlobalFilter => ({
  id: row.filter_id,
  display_name: row.display_name,
  dimension_id: row.dimension_id,
  dimension_name: row.dimension_name,
  dimension_value: row.dimension_value,
  is_default: row.is_default,
  tenant_id: row.tenant_id,
});

/** One filter of the caller's workspace, or the catalogue's 404. */
export async function getFilterOrThrow({ ctx, id }: { ctx: TenantContext; id: number }) {
  const row = await repo.findFilter(ctx.db, ctx.tenantId, id);
  if (!row) throw new AppError('not_found', FILTER_ERRORS.notFound);
  return row;
}

export async function listGlobalFilters({ ctx }: { ctx: TenantContext }): Promise<{ data: GlobalFilter[] }> {
  const filters = (await repo.listFilterRows(ctx.db, ctx.tenantId)).map(toFilter);
  // A scoped key sees the filters of its own value: the others name other segments' values.
  const scope = ctx.user.apiKey?.scope;
  if (!scope) return { data: filters };
  return {
    data: filters.filter((f) => f.dimension_name === scope.dimName && f.dimension_value === scope.dimVal),
  };
}

export async function createGlobalFilter({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: CreateGlobalFilterBody;
}): Promise<{ success: true; data: GlobalFilter }> {
  if (input.tenant_id !== undefined && input.tenant_id !== ctx.tenantId) {
    throw new AppError('forbidden', FILTER_ERRORS.otherTenant);
  }
  // The value must be one the drawer could offer: a filter on anything else would segment nothing.
  const values = await dimensionValues({ ctx, input: { id: input.dimension_id } });
  const dimension = (await listDimensions({ ctx })).data.find((d) => d.id === input.dimension_id);
  if (!dimension || dimension.name !== input.dimension_name) {
    throw new AppError('bad_request', FILTER_ERRORS.dimensionMismatch);
  }
  if (!values.data.includes(input.dimension_value)) {
    throw new AppError('bad_request', FILTER_ERRORS.unknownValue);
  }
  const row = await ctx.db
    .transaction(async (tx) => {
      const clashes = await repo.findClashes(tx, ctx.tenantId, {
        displayName: input.display_name,
        dimensionId: input.dimension_id,
        dimensionValue: input.dimension_value,
      });
      if (clashes.sameName) throw new AppError('conflict', FILTER_ERRORS.duplicateName);
      if (clashes.sameValue) throw new AppError('conflict', FILTER_ERRORS.duplicateValue);
      if (clashes.total >= GLOBAL_FILTERS_MAX) throw new AppError('conflict', FILTER_ERRORS.tooMany);
      if (input.is_default) await repo.clearDefault(tx, ctx.tenantId);
      return repo.insertFilter(tx, {
        tenantId: ctx.tenantId,
        displayName: input.display_name,
        dimensionId: input.dimension_id,
        dimensionName: dimension.name,
        dimensionValue: input.dimension_value,
        isDefault: input.is_default ?? false,
        createdBy: ctx.user.userId,
      });
    })
    .catch((error: unknown) => {
      // Two saves of the same name at once: the unique index decides, the loser gets the same 409.
      if ((error as { code?: string }).code === '23505') {
        throw new AppError('conflict', FILTER_ERRORS.duplicateName);
      }
      throw error;
    });
  ctx.log.info({ tenantId: ctx.tenantId, filterId: row.filter_id }, 'global filter created');
  return { success: true, data: toFilter(row) };
}

export async function deleteGlobalFilter({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: number; dim_name?: string | undefined; dim_val?: string | undefined };
}): Promise<{ success: true }> {
  const row = await getFilterOrThrow({ ctx, id: input.id });
  if (row.is_default) throw new AppError('conflict', FILTER_ERRORS.defaultNotDeletable);
  if (input.dim_name === row.dimension_name && input.dim_val === row.dimension_value) {
    throw new AppError('conflict', FILTER_ERRORS.appliedNotDeletable);
  }
  if (!(await repo.deleteNonDefaultFilter(ctx.db, ctx.tenantId, input.id))) {
    // Made default, or deleted, between the read and the delete.
    const again = await getFilterOrThrow({ ctx, id: input.id });
    if (again.is_default) throw new AppError('conflict', FILTER_ERRORS.defaultNotDeletable);
  }
  ctx.log.info({ tenantId: ctx.tenantId, filterId: input.id }, 'global filter deleted');
  return { success: true };
}
