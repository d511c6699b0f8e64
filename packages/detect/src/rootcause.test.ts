import { describe, expect, it } from 'vitest';
import { RootCauseSchema } from '@tidemark/contract';
import { rootCause, type RootCauseInput } from './rootcause';

const input = {
  dimensions: [
    {
      dim_name: 'device',
      values: [
        { dim_val: 'Mobile', current: 600, expected: 1000 },
        { dim_val: 'Desktop', current: 790, expected: 800 },
        { dim_val: 'Tablet', current: 199, expected: 200 },
        { dim_val: null, current: 10, expected: 10 },
      ],
    },
    {
      dim_name: 'country',
      values: [
        { dim_val: 'US', current: 900, expected: 1140 },
        { dim_val: 'UK', current: 689, expected: 860 },
      ],
    },
  ],
  pairs: [
    {
      dim_names: ['device', 'country'] as [string, string],
      values: [
        { dim_vals: ['Mobile', 'US'] as [string, string], current: 250, expected: 600 },
        { dim_vals: ['Mobile', 'UK'] as [string, string], current: 350, expected: 400 },
      ],
    },
  ],
  format: 'currency' as const,
  currency_symbol: '€',
};

describe('rootCause', () => {
  it('puts the value that carries the change first, with contribution, movement and population change', () => {
    const rc = rootCause(input);
    expect(rc.status).toBe('ok');
    const top = rc.rootcause_data[0]!;
    expect(top.dim_name).toBe('device');
    expect(top.omitted_null_values).toBe(1);
    const d = top.rootcause_details[0]!;
    expect(d.dim_val).toBe('Mobile');
    expect(d.pattern_contribution).toBeCloseTo(400 / 411, 3);
    expect(d.kpi_value_movement_decimal).toBeCloseTo(-0.4, 6);
    expect(d.kpi_population_change_pct).toBeCloseTo((600 / 1589 - 1000 / 2000) * 100, 6);
    expect(d.formatted_pattern_contribution).toBe('97.3%');
    expect(d.formatted_kpi_value_movement_decimal).toBe('-40.0%');
    expect(d.formatted_current_value).toBe('€600');
  });

  it('ignores values explaining under 3% and links one level of drill-down', () => {
    const rc = rootCause(input);
    const details = rc.rootcause_data[0]!.rootcause_details;
    expect(details.map((d) => d.dim_val)).toEqual(['Mobile']);
    expect(details[0]!.drill_down_group).toBe('device=Mobile');
    const drill = rc.rootcause_data.find((g) => g.group === 'device=Mobile')!;
    expect(drill.level).toBe(1);
    expect(drill.rootcause_details[0]!.dim_val).toBe('US');
    expect(RootCauseSchema.parse(rc)).toEqual(rc);
  });

  it('splits a ratio metric into within-segment change and mix so contributions sum to one', () => {
    const rc = rootCause({
      dimensions: [
        {
          dim_name: 'device',
          values: [
            {
              dim_val: 'Mobile',
              current: 20,
              expected: 40,
              current_population: 1000,
              expected_population: 1000,
            },
            {
              dim_val: 'Desktop',
              current: 50,
              expected: 50,
              current_population: 1000,
              expected_population: 1000,
            },
          ],
        },
      ],
    });
    const sum = rc.rootcause_data[0]!.rootcause_details.reduce((s, d) => s + d.pattern_contribution, 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(rc.rootcause_data[0]!.rootcause_details[0]!.dim_val).toBe('Mobile');
  });

  it.each<[string, RootCauseInput]>([
    ['no data', { dimensions: [] }],
    [
      'no change',
      { dimensions: [{ dim_name: 'device', values: [{ dim_val: 'Mobile', current: 5, expected: 5 }] }] },
    ],
  ])('states %s when there is nothing to explain', (status, inp) => {
    expect(rootCause(inp).status).toBe(status);
  });
});
