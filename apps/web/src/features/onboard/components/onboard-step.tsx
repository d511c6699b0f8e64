import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/page-header';
import { ONBOARD_COPY, ONBOARD_STEP_COUNT } from '../messages';

export interface OnboardStepProps {
  /** 1-based position among the workspace steps. */
  step: number;
  title: string;
  subtitle?: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** One workspace onboarding step: where the user is, what it asks, and its action at the bottom right. */
export function OnboardStep({ step, title, subtitle, children, actions }: OnboardStepProps) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <DocumentTitle title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {ONBOARD_COPY.step(step, ONBOARD_STEP_COUNT)}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ mt: 0.5 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 4 }}>{children}</Box>
        {actions && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>{actions}</Box>
        )}
      </Paper>
    </Box>
  );
}
