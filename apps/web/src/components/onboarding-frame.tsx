import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from './page-header';

/** Spec 1 §2: the five steps of data onboarding. */
export const ONBOARDING_STEPS = [
  'Select Data Source',
  'Setup Data Set',
  'Configure Metrics',
  'Set Preferences',
  'Finish',
] as const;

export interface OnboardingFrameProps {
  /** Index into ONBOARDING_STEPS. */
  step: number;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  /** Wide steps (the metrics grid) use the page's full width. */
  wide?: boolean;
  children: ReactNode;
}

/** The wizard's frame: the stepper, the step's title, its content and its actions at the bottom. */
export function OnboardingFrame({ step, title, subtitle, actions, wide, children }: OnboardingFrameProps) {
  return (
    <Box sx={{ maxWidth: wide ? 1200 : 880, mx: 'auto', py: 2 }}>
      <DocumentTitle title={title} />
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }} aria-label="Onboarding steps">
        {ONBOARDING_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
        {actions && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>{actions}</Box>
        )}
      </Paper>
    </Box>
  );
}
