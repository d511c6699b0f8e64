import { z } from 'zod';
import { defineRoute } from './route';
import { TenantInfoQuerySchema, TenantQuerySchema } from './tenants';

// The global filter (spec 1 §3 Global filter, §4 Global filter, §7 feed/filters): one dimension and one of
// its values that segment every data call of the workspace, saved per workspace under a name.

/** Spec 1 §8. The create and delete failures share one message, as the spec words it. */
export const FILTER_MESSAGES = {
  created: 'Global filter created',
  deleted: 'Global filter deleted successfully',
  failed: 'Something went wrong.Please try again',
} as const;

/** A workspace keeps at most this many saved filters; the drawer lists them all. */
export const GLOBAL_FILTERS_MAX = 50;
export const FILTER_NAME_MAX = 60;

/** Server-side refusals, worded for the API's users (the web shows the spec's one failure message). */
export const FILTER_ERRORS = {
  notFound: 'It looks like there is no data for this global filter.',
  defaultNotDeletable: 'The default global filter cannot be deleted.',
  appliedNotDeletable: 'A global filter that is applied cannot be deleted.',
  dimensionMismatch: 'dimension_name does not match the dimension.',
  unknownValue: 'dimension_value is not one of the values of this dimension.',
  duplicateName: 'A global filter with this name already exists.',
  duplicateValue: 'A global filter on this dimension value already exists.',
  tooMany: `A workspace can keep at most ${GLOBAL_FILTERS_MAX} global filters.`,
  otherTenant: 'tenant_id in the body must be the workspace of the request.',
} as const;

// Control characters would corrupt the stored name and are never typed by a person.
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

export const GlobalFilterSchema = z
  .object({
    id: z.number().int(),
    display_name: z.string(),
    dimension_id: z.number().int(),
    dimension_name: z.string(),
    dimension_value: z.string(),
    is_default: z.boolean(),
    tenant_id: z.number().int(),
  })
  .meta({ id: 'GlobalFilter' });
export type GlobalFilter = z.infer<typeof GlobalFilterSchema>;

export const GlobalFiltersResponseSchema = z.object({ data: z.array(GlobalFilterSchema) });

export const CreateGlobalFilterBodySchema = z.object({
  /** The spec's payload names the workspace too; the request's authorised workspace must be the same. */
  tenant_id: z.number().int().positive().optional(),
  dimension_id: z
    .number()
    .int()
    .positive()
    .max(2 ** 53),
  dimension_name: z.string().trim().min(1).max(200),
  dimension_value: z.string().min(1).max(500).regex(NO_CONTROL),
  display_name: z.string().trim().min(1).max(FILTER_NAME_MAX).regex(NO_CONTROL),
  /** The filter applied on load when the URL names none; one per workspace, a new default replaces the old. */
  is_default: z.boolean().optional(),
});
export type CreateGlobalFilterBody = z.infer<typeof CreateGlobalFilterBodySchema>;

export const CreateGlobalFilterResponseSchema = z.object({
  success: z.literal(true),
  data: GlobalFilterSchema,
});

export const GlobalFilterParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/** Like every call, a delete carries the applied filter (dim_name, dim_val): that one may not go. */
export const DeleteGlobalFilterQuerySchema = TenantInfoQuerySchema;

/** The filters area's calls. */
export const filtersRoutes = {
  listGlobalFilters: defineRoute({
    method: 'GET',
    path: '/v1/feed/filters',
    access: 'tenant',
    summary: "The workspace's saved global filters, the default first",
    tags: ['filters'],
    query: TenantQuerySchema,
    response: GlobalFiltersResponseSchema,
  }),
  createGlobalFilter: defineRoute({
    method: 'POST',
    path: '/v1/feed/filters',
    access: 'tenant',
    summary: 'Save a global filter: one dimension value under a name',
    tags: ['filters'],
    query: TenantQuerySchema,
    body: CreateGlobalFilterBodySchema,
    response: CreateGlobalFilterResponseSchema,
  }),
  deleteGlobalFilter: defineRoute({
    method: 'DELETE',
    path: '/v1/feed/filters/:id',
    access: 'tenant',
    summary: 'Delete a global filter (never the default, nor the one applied)',
    tags: ['filters'],
    params: GlobalFilterParamsSchema,
    query: DeleteGlobalFilterQuerySchema,
    response: z.object({ success: z.literal(true) }),
  }),
} as const;
