/** The query the feed and the summary share: the range and the summary filters, comma-joined. */
export interface FeedQuery {
  start_time: string;
  end_time: string;
  severity?: string;
  status?: string;
  type?: string;
  sub_type?: string;
  provider_uuid?: string;
  provider_type?: string;
  provider_check?: string;
}
