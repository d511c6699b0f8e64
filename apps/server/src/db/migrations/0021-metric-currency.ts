/**
 * A money metric's own currency (issue 27 item 7): a CSV whose amounts carry `€` or an `(EUR)` header keeps
 * its currency whatever the workspace's is. Null reads as the workspace's currency; kpi_format 'currency'
 * marks the metric as money.
 */
export default /* sql */ `
alter table metrics add column currency text check (currency ~ '^[A-Z]{3}$');
`;
