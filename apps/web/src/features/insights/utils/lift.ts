import type { Insight } from '@tidemark/contract';
import { formatAgainstExpected, liftTextReadsAsPercent } from '@tidemark/format';

type LiftFields = Pick<
  Insight,
  | 'formatted_lift_percentage'
  | 'formatted_current_value'
  | 'formatted_expected_value'
  | 'formatted_difference_value'
>;

/**
 * Whether the insight's lift reads as a percent. Insights written before the engine gave large lifts in units
 * still carry '+4k%': those are shown in units here too.
 */
export const liftIsPercent = (insight: LiftFields): boolean =>
  liftTextReadsAsPercent(insight.formatted_lift_percentage);

/** The lift as a figure: the percent while it reads as one, else '41 against about 1 expected'. */
export function liftText(insight: LiftFields): string {
  return liftIsPercent(insight)
    ? insight.formatted_lift_percentage
    : formatAgainstExpected(insight.formatted_current_value, insight.formatted_expected_value);
}

/** The lift beside a metric's name (card chips, lists): the percent, else the difference in units ('+40'). */
export function shortLift(insight: LiftFields): string {
  return liftIsPercent(insight) ? insight.formatted_lift_percentage : insight.formatted_difference_value;
}
