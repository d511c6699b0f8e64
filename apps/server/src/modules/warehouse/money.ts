/**
 * SQL fragments shared by every reader of metrics: which metric is money and in which currency, so the
 * metric pages, insights and the home page agree. `m` is the metrics alias, `t` the tenants alias.
 */

/** Money: marked as currency, or counted one currency unit a unit (the engine's isMoneyMetric). */
export const moneyMetricSql = (m = 'm') =>
  `(${m}.kpi_format = 'currency' or (${m}.kpi_format <> 'percentage' and ${m}.dollar_impact = 1))`;

/** The format a metric is shown with: 'currency' for money, else its stored one. */
export const shownFormatSql = (m = 'm') =>
  `(case when ${moneyMetricSql(m)} then 'currency' else ${m}.kpi_format end)`;

/** A money metric's currency code (its own, else the workspace's); null when it is not money. */
export const metricCurrencySql = (m = 'm', t = 't') =>
  `(case when ${moneyMetricSql(m)} then coalesce(${m}.currency, ${t}.currency) end)`;
