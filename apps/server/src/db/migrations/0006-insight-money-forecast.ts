/**
 * What an insight cost or earned (the metric's dollar_impact per unit × its deviation), on insights and
 * their groups, so alerts can filter by a minimum dollar impact cheaply; and each series' forecast past
 * its newest bucket, computed with the fit and served when the workspace enables forecasts.
 */
export default /* sql */ `
alter table insights add column dollar_impact double precision;
alter table insight_groups add column dollar_impact double precision;
alter table series
  add column forecast_ts timestamptz[],
  add column forecast_yhat double precision[],
  add column forecast_lower double precision[],
  add column forecast_upper double precision[];
`;
