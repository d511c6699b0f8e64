/**
 * Citus (docs/scaling.md) cannot keep `on delete set null (column)` on a foreign key that contains the
 * distribution column. Nothing deletes an insight group or a metric group but the removal of its
 * workspace, which removes the insights and metrics with it, so these keys only have to forbid dangling
 * references: a later feature that deletes a group clears the references first.
 */
export default /* sql */ `
alter table insights
  drop constraint insights_tenant_id_group_id_fkey,
  add constraint insights_tenant_id_group_id_fkey
    foreign key (tenant_id, group_id) references insight_groups (tenant_id, group_id);

alter table metrics
  drop constraint metrics_tenant_id_funnel_id_fkey,
  add constraint metrics_tenant_id_funnel_id_fkey
    foreign key (tenant_id, funnel_id) references metric_groups (tenant_id, metric_group_id),
  drop constraint metrics_tenant_id_category_id_fkey,
  add constraint metrics_tenant_id_category_id_fkey
    foreign key (tenant_id, category_id) references metric_groups (tenant_id, metric_group_id);
`;
