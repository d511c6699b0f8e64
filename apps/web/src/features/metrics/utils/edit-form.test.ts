// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MetricDetail } from '@tidemark/contract';
import { buildMetricUpdate, formValuesOf, validateMetricForm, type MetricFormValues } from './edit-form';

const METRIC: MetricDetail = {
  kpi_id: '7',
  kpi_display_name: 'Revenue',
  kpi_definition: 'Sum of order totals',
  description: null,
  funnel: { id: '3', name: 'Checkout' },
  category: null,
  tier: 1,
  impact_to_topline: 0.1234,
  dollar_impact: 5000,
  accent: 'positive',
  is_derived: false,
  is_active: true,
  aggregation_operation: 'sum',
  kpi_format: 'number',
  kpi_currency: null,
  extraction_funnel_expression: null,
  extraction_funnel_aggregation_operation: null,
  last_active_pipeline_schedule: 'd',
  tenant_id: 11,
};

const initial = formValuesOf(METRIC);
const edit = (patch: Partial<MetricFormValues>) => buildMetricUpdate(initial, { ...initial, ...patch });

describe('metric edit form', () => {
  it('shows the stored fraction as a percent and the boolean as Derived/Observed', () => {
    expect(initial.impact_to_topline).toBe('12.34');
    expect(initial.is_derived).toBe('Observed');
    expect(initial.tier).toBe('1');
    expect(initial.description).toBe('');
  });

  it('sends nothing when nothing changed, even after typing the same value back', () => {
    expect(buildMetricUpdate(initial, { ...initial })).toEqual({});
    expect(edit({ impact_to_topline: '12.340', kpi_display_name: ' Revenue ' })).toEqual({});
  });

  it.each([
    ['impact percent to a fraction', { impact_to_topline: '12.5' }, { impact_to_topline: 0.125 }],
    ['impact to two decimals', { impact_to_topline: '0.07' }, { impact_to_topline: 0.0007 }],
    ['an emptied impact to null', { impact_to_topline: '' }, { impact_to_topline: null }],
    ['tier to a number', { tier: '3' as const }, { tier: 3 }],
    ['Derived to true', { is_derived: 'Derived' as const }, { is_derived: true }],
    ['watched for experience events', { is_experience: true }, { is_experience: true }],
    ['Down to negative', { accent: 'negative' as const }, { accent: 'negative' }],
    ['an emptied funnel to null', { funnel: null }, { funnel: null }],
    ['a blank funnel name to null', { funnel: { id: null, name: '  ' } }, { funnel: null }],
    [
      'an existing category to id and name',
      { category: { id: '9', name: 'Sales' } },
      { category: { id: '9', name: 'Sales' } },
    ],
    [
      'a new category by name',
      { category: { id: null, name: ' Growth ' } },
      { category: { name: 'Growth' } },
    ],
    ['an emptied definition to null', { kpi_definition: '  ' }, { kpi_definition: null }],
    ['a dollar amount to a number', { dollar_impact: '7500.5' }, { dollar_impact: 7500.5 }],
    [
      'a trimmed display name',
      { kpi_display_name: '  Gross Revenue ' },
      { kpi_display_name: 'Gross Revenue' },
    ],
  ])('converts %s and sends only that field', (_, patch, expected) => {
    expect(edit(patch)).toEqual(expected);
  });

  it('sends every changed field together and nothing else', () => {
    expect(edit({ tier: '2', description: 'Gross sales', funnel: { id: '4', name: 'Browse' } })).toEqual({
      tier: 2,
      description: 'Gross sales',
      funnel: { id: '4', name: 'Browse' },
    });
  });

  it.each([
    [{ kpi_display_name: '  ' }, 'kpi_display_name', 'Display name cannot be empty'],
    [{ impact_to_topline: '100.01' }, 'impact_to_topline', 'Enter a percent between 0 and 100'],
    [{ impact_to_topline: '-1' }, 'impact_to_topline', 'Enter a percent between 0 and 100'],
    [{ impact_to_topline: '1.234' }, 'impact_to_topline', 'Use at most two decimals (steps of 0.01)'],
    [{ dollar_impact: '-5' }, 'dollar_impact', 'Enter an amount of 0 or more'],
    [{ category: { id: null, name: 'x'.repeat(121) } }, 'category', 'Use 120 characters or fewer'],
  ])('refuses %j', (patch, field, message) => {
    expect(validateMetricForm({ ...initial, ...patch })).toEqual({ [field]: message });
  });

  it('accepts the bounds 0 and 100', () => {
    expect(validateMetricForm({ ...initial, impact_to_topline: '0' })).toEqual({});
    expect(validateMetricForm({ ...initial, impact_to_topline: '100' })).toEqual({});
  });
});
