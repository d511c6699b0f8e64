import type { EventGroup, EventSummary } from '@tidemark/contract';

/** Test data of the events screens, in the contract's shapes. */
export function makeEventGroup(over: Partial<EventGroup> = {}): EventGroup {
  const now = Date.now();
  return {
    event_group_id: '7',
    event_group_uuid: 'b6f1c7f2-1111-4c3e-9a51-000000000007',
    formatted_event_group_sequence_id: 'EV-0007',
    status: 'Active',
    type: 'error',
    sub_type: 'js',
    event_group_ts_start: new Date(now - 3 * 3_600_000).toISOString(),
    event_group_ts_end: new Date(now - 10 * 60_000).toISOString(),
    duration_ms: 3 * 3_600_000,
    number_of_events: 182,
    category_display_name: 'Site errors',
    category_logo_url: null,
    provider_display_name: null,
    provider_logo_url: null,
    provider_home_page_url: null,
    provider_status_page_url: null,
    provider_uuid: null,
    description:
      '- Visitors on Safari cannot press Pay\n- The checkout script throws before the order is sent',
    action: '- Check the release of the checkout script\n- Roll back if needed',
    title: 'Checkout button throws TypeError for 4.2% of Safari visitors',
    summary: 'Since 09:00, 182 errors on /checkout from 131 sessions.',
    severity: 'High',
    kpi_id: 'ev_group_7',
    kpi_name: 'ev_group_7',
    kpi_display_name: 'Errors of EV-0007',
    kpi_format: 'number',
    tenant_id: '11',
    dimensions: [
      {
        dimension_id: 'ev_browser',
        dimension_name: 'browser',
        dimension_display_name: 'Browser',
        split_enabled: true,
      },
      { dimension_id: 'ev_os', dimension_name: 'os', dimension_display_name: 'OS', split_enabled: true },
    ],
    funnels: ['Checkout'],
    labels: {
      duration: 'Medium',
      frequency: 'Frequent',
      primary_driver: 'skewed_dimension_distribution',
      primary_driver_os: 'iOS',
      primary_driver_browser: 'Safari',
      is_default: false,
    },
    affected_components: ['/checkout'],
    impact: {
      monetary: { value: 1234, formatted_value: '$1,234' },
      sections: [
        {
          section_name: 'event_source_impact',
          section_display_name: 'Event Source Impact',
          total_count: 182,
          items: [{ name: 'checkout.js', count: 182 }],
        },
      ],
    },
    details: {
      event_classification: {
        error_message: "TypeError: Cannot read properties of undefined (reading 'total')",
      },
      impacted_areas: ['/checkout'],
      impact_basis: {
        quantified: true,
        affected_sessions: 131,
        affected_conversions: 2,
        affected_conversion_rate: 0.015,
        comparable_sessions: 4000,
        comparable_conversions: 120,
        comparable_conversion_rate: 0.03,
        average_order_value: 80,
        order_value_source: 'collector',
        minimum_sessions: 30,
        formula: 'affected sessions × (comparable rate − affected rate) × average order value',
      },
      fingerprint: 'abc',
      affected_page_views: 182,
      total_page_views: 4300,
      affected_sessions: 131,
    },
    percentage_extent_distribution: {
      section_name: 'pages',
      section_display_name: 'Pages',
      distributions: [
        {
          section_name: 'page',
          section_display_name: 'Page',
          extent_distribution: Array.from({ length: 8 }, (_, i) => ({
            name: `/page-${i}`,
            number_of_errors: 80 - i * 10,
            percentage_per_page_viewed: 4.2,
            formatted_percentage_per_page_viewed: '4.2%',
            percentage_overall_page_views: 1.1,
            formatted_percentage_overall_page_views: '1.1%',
          })),
        },
      ],
    },
    events: [
      {
        event_uuid: 'e1',
        start_time: new Date(now - 20 * 60_000).toISOString(),
        status_code: null,
        payload: {
          error: {
            message: "TypeError: Cannot read properties of undefined (reading 'total')",
            stack: '<script>alert(1)</script>',
          },
        },
        description: null,
        data: null,
        component_status_changes: [],
        top_dimension: 'browser',
        page: '/checkout',
        browser: 'Safari',
        os: 'iOS',
        device: 'mobile',
      },
    ],
    ...over,
  };
}

export function makeSummary(over: Partial<EventSummary> = {}): EventSummary {
  return {
    last_event_ts: new Date().toISOString(),
    total_events: { count: 3, formatted_count: '3' },
    severity: { High: { count: 0 }, Medium: { count: 2 }, Low: { count: 1 } },
    status: { Active: { count: 1 }, Closed: { count: 2 } },
    impact: {
      monetary: {
        value: 1234,
        formatted_value: '$1,234',
        delta_percentage: 12,
        formatted_delta_percentage: '+12%',
      },
    },
    ...over,
  };
}
