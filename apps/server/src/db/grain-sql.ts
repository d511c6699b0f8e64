/**
 * One bucket of the series grain in `<alias>.grain` as an SQL interval: an hour, a day, a week, else a month.
 * Used where a window or a series' newest point is widened by one bucket of its own grain.
 */
export function bucketIntervalSql(alias: string): string {
  return `case ${alias}.grain when 'h' then interval '1 hour' when 'd' then interval '1 day' when 'w' then interval '7 days' else interval '1 month' end`;
}
