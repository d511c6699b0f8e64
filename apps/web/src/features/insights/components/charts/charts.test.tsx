import { fireEvent, screen } from '@testing-library/react';
import type { RootCause, RootCauseDetail } from '@tidemark/contract';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render';
import { INSIGHTS_COPY } from '../../messages';
import { ChartErrorBoundary } from './chart-frame';
import { RootCauseChart } from './rootcause-chart';

vi.mock('@/components/chart', () => ({
  EChart: (props: { ariaLabel: string }) => <div role="img" aria-label={props.ariaLabel} />,
}));

const detail = (over: Partial<RootCauseDetail>): RootCauseDetail => ({
  dim_name: 'channel',
  dim_val: 'Email',
  group: 'channel',
  drill_down_group: null,
  pattern_contribution: 0.5,
  kpi_value_movement_decimal: 0.1,
  kpi_population_change_pct: 5,
  formatted_pattern_contribution: '50.0%',
  formatted_kpi_value_movement_decimal: '+10.0%',
  formatted_kpi_population_change_pct: '+5.0%',
  current_value: 1,
  expected_value: 1,
  formatted_current_value: '1',
  formatted_expected_value: '1',
  surprise: 0,
  ...over,
});

const level = (group: string, lvl: number, dim: string, details: RootCauseDetail[], nulls = 0) => ({
  group,
  level: lvl,
  dim_name: dim,
  parent_group: null,
  score: 1,
  omitted_null_values: nulls,
  rootcause_details: details,
});

const ROOTCAUSE: RootCause = {
  status: 'ok',
  rootcause_data: [
    level(
      'channel',
      0,
      'channel',
      [
        detail({
          dim_val: 'Email',
          pattern_contribution: 0.8,
          formatted_pattern_contribution: '80.0%',
          drill_down_group: 'email/device',
        }),
        detail({ dim_val: 'Direct', pattern_contribution: 0.2, formatted_pattern_contribution: '20.0%' }),
      ],
      1,
    ),
    level('email/device', 1, 'device', [
      detail({
        dim_name: 'device',
        dim_val: 'Mobile',
        group: 'email/device',
        drill_down_group: 'email/mobile/country',
      }),
    ]),
    level('email/mobile/country', 2, 'country', [
      detail({ dim_name: 'country', dim_val: 'US', group: 'email/mobile/country' }),
    ]),
  ],
};

describe('the insight charts', () => {
  it('drills down the root cause, shows breadcrumbs from level 2 and steps back by the title', async () => {
    mockFetch({});
    renderWithRouter(<RootCauseChart rootcause={ROOTCAUSE} />);
    expect(await screen.findByText(INSIGHTS_COPY.nullsOmitted(1))).toBeTruthy();
    // Sorted by impact, largest first; the sort toggles.
    const chips = () => screen.getAllByRole('button').filter((b) => b.textContent?.includes(' · '));
    expect(chips().map((c) => c.textContent)).toEqual(['channel: Email · 80.0%', 'channel: Direct · 20.0%']);
    fireEvent.click(screen.getByRole('button', { name: INSIGHTS_COPY.sortAscending }));
    expect(chips().map((c) => c.textContent)).toEqual(['channel: Direct · 20.0%', 'channel: Email · 80.0%']);

    // No deeper group: the info snackbar.
    fireEvent.click(chips()[0]!);
    expect(await screen.findByText(INSIGHTS_COPY.drillDownMissing('channel', 'Direct'))).toBeTruthy();

    fireEvent.click(screen.getByText('channel: Email · 80.0%'));
    expect(screen.getByRole('button', { name: INSIGHTS_COPY.stepBack }).textContent).toBe('channel: Email');
    expect(screen.queryByRole('navigation', { name: 'Root cause levels' })).toBeNull();
    fireEvent.click(screen.getByText('device: Mobile · 50.0%'));
    expect(screen.getByRole('navigation', { name: 'Root cause levels' })).toBeTruthy();
    expect(chips().map((c) => c.textContent)).toEqual(['country: US · 50.0%']);
    // The title steps back one level.
    fireEvent.click(screen.getByRole('button', { name: INSIGHTS_COPY.stepBack }));
    expect(chips().map((c) => c.textContent)).toEqual(['device: Mobile · 50.0%']);
  });

  it('replaces a chart that fails to draw with the spec message', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('bad option');
    };
    renderWithRouter(
      <ChartErrorBoundary height={200}>
        <Broken />
      </ChartErrorBoundary>,
    );
    expect(screen.getByText(INSIGHTS_COPY.chartCrashed)).toBeTruthy();
    spy.mockRestore();
  });
});
