/**
 * Operators pick customers by name, so two workspaces never share one. Existing look-alikes (all but the
 * oldest of each name) get their domain, or their id, appended before the rule is enforced.
 */
export default /* sql */ `
update tenants t
set display_name = left(t.display_name, 24) || ' (' || coalesce(t.email_domain, '#' || t.tenant_id) || ')'
where exists (
  select 1 from tenants o
  where lower(o.display_name) = lower(t.display_name) and o.tenant_id < t.tenant_id
);
update tenants t
set display_name = left(t.display_name, 30) || ' #' || t.tenant_id
where exists (
  select 1 from tenants o
  where lower(o.display_name) = lower(t.display_name) and o.tenant_id < t.tenant_id
);
create unique index tenants_display_name_unique on tenants (lower(display_name));
`;
