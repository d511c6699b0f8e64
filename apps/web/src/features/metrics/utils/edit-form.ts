import type { Accent, MetricDetail, MetricOption, MetricUpdate } from '@tidemark/contract';
import { METRICS_HUB_COPY } from '../messages';

/** A funnel or category as the form holds it: an existing option (with id) or a new name. */
export interface OptionValue {
  id: string | null;
  name: string;
}

/** The edit dialog's fields, as the inputs hold them (numbers as typed text). */
export interface MetricFormValues {
  kpi_display_name: string;
  kpi_definition: string;
  description: string;
  funnel: OptionValue | null;
  category: OptionValue | null;
  tier: '1' | '2' | '3';
  /** A percent 0–100, step 0.01; stored as a fraction. */
  impact_to_topline: string;
  dollar_impact: string;
  accent: Accent;
  is_derived: 'Derived' | 'Observed';
  /** Watched for experience events (spec 2 §1). */
  is_experience: boolean;
}

export type MetricFormErrors = Partial<Record<keyof MetricFormValues, string>>;

const option = (o: MetricOption | null): OptionValue | null => (o ? { id: o.id, name: o.name } : null);

/** Fractions shown as a percent with at most two decimals: 0.1234 → '12.34'. */
function percentText(fraction: number | null): string {
  return fraction === null ? '' : String(Number((fraction * 100).toFixed(2)));
}

export function formValuesOf(metric: MetricDetail): MetricFormValues {
  return {
    kpi_display_name: metric.kpi_display_name,
    kpi_definition: metric.kpi_definition ?? '',
    description: metric.description ?? '',
    funnel: option(metric.funnel),
    category: option(metric.category),
    tier: String(metric.tier) as MetricFormValues['tier'],
    impact_to_topline: percentText(metric.impact_to_topline),
    dollar_impact: metric.dollar_impact === null ? '' : String(metric.dollar_impact),
    accent: metric.accent,
    is_derived: metric.is_derived ? 'Derived' : 'Observed',
    is_experience: metric.is_experience ?? false,
  };
}

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** Spec 3 §5: impact is 0–100 in steps of 0.01; a name is required. First error per field. */
export function validateMetricForm(values: MetricFormValues): MetricFormErrors {
  const errors: MetricFormErrors = {};
  const copy = METRICS_HUB_COPY.validation;
  if (!values.kpi_display_name.trim()) errors.kpi_display_name = copy.nameRequired;
  else if (values.kpi_display_name.trim().length > 120) errors.kpi_display_name = copy.nameTooLong;
  if (values.kpi_definition.trim().length > 2000) errors.kpi_definition = copy.textTooLong;
  if (values.description.trim().length > 2000) errors.description = copy.textTooLong;
  const impact = values.impact_to_topline.trim();
  if (impact) {
    const n = Number(impact);
    if (!Number.isFinite(n) || n < 0 || n > 100) errors.impact_to_topline = copy.impactRange;
    else if (!TWO_DECIMALS.test(impact)) errors.impact_to_topline = copy.impactStep;
  }
  const dollars = values.dollar_impact.trim();
  if (dollars) {
    const n = Number(dollars);
    if (!Number.isFinite(n) || n < 0 || n > 1e15) errors.dollar_impact = copy.dollarRange;
  }
  for (const key of ['funnel', 'category'] as const) {
    const name = values[key]?.name.trim() ?? '';
    if (name.length > 120) errors[key] = copy.nameTooLong;
  }
  return errors;
}

const optionBody = (value: OptionValue | null) => {
  const name = value?.name.trim() ?? '';
  if (!value || !name) return null;
  return value.id ? { id: value.id, name } : { name };
};
const sameOption = (a: OptionValue | null, b: OptionValue | null) =>
  (optionBody(a)?.name ?? null) === (optionBody(b)?.name ?? null) && (a?.id ?? null) === (b?.id ?? null);
const textOrNull = (text: string) => (text.trim() ? text.trim() : null);
const numberOrNull = (text: string) => (text.trim() ? Number(text.trim()) : null);

/**
 * The PUT body (spec 3 §5): only the fields that differ from the metric as loaded, each converted —
 * impact percent to a fraction, tier to a number, Derived/Observed to a boolean, funnel and category
 * to an id+name object (empty gives null).
 */
export function buildMetricUpdate(initial: MetricFormValues, values: MetricFormValues): MetricUpdate {
  const body: MetricUpdate = {};
  if (values.kpi_display_name.trim() !== initial.kpi_display_name.trim())
    body.kpi_display_name = values.kpi_display_name.trim();
  if (values.kpi_definition.trim() !== initial.kpi_definition.trim())
    body.kpi_definition = textOrNull(values.kpi_definition);
  if (values.description.trim() !== initial.description.trim())
    body.description = textOrNull(values.description);
  if (!sameOption(values.funnel, initial.funnel)) body.funnel = optionBody(values.funnel);
  if (!sameOption(values.category, initial.category)) body.category = optionBody(values.category);
  if (values.tier !== initial.tier) body.tier = Number(values.tier);
  const impact = numberOrNull(values.impact_to_topline);
  if (impact !== numberOrNull(initial.impact_to_topline))
    // Rounded so 12.34 / 100 is stored as 0.1234, not 0.12340000000000001.
    body.impact_to_topline = impact === null ? null : Number((impact / 100).toFixed(6));
  const dollars = numberOrNull(values.dollar_impact);
  if (dollars !== numberOrNull(initial.dollar_impact)) body.dollar_impact = dollars;
  if (values.accent !== initial.accent) body.accent = values.accent;
  if (values.is_derived !== initial.is_derived) body.is_derived = values.is_derived === 'Derived';
  if (values.is_experience !== initial.is_experience) body.is_experience = values.is_experience;
  return body;
}
