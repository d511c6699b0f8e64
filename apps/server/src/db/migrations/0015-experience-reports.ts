/**
 * Experience events (issue 12 item 5): a metric can be marked as an experience metric (conversion, add-to-cart,
 * checkout completion are by name; any other by this mark). Experience event groups live in event_groups with
 * sub_type 'experience' and a fingerprint per metric and grain; this index finds a metric's groups on re-runs.
 */
export default /* sql */ `
alter table metrics add column is_experience boolean not null default false;
create index event_groups_experience on event_groups (tenant_id, fingerprint, ts_start)
  where sub_type = 'experience';
`;
