import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Insight } from '@tidemark/contract';
import { useId, useState } from 'react';
import { DETAIL_COPY } from '../../messages';
import { liftIsPercent, liftText } from '../../utils/lift';

/** The lift-calculation popover (spec 3 §2): how the shown lift comes from the current and expected values. */
export function LiftPopover({ insight }: { insight: Insight }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const percent = liftIsPercent(insight);
  return (
    <>
      <IconButton
        size="small"
        aria-label={DETAIL_COPY.liftHow}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ ml: 0.25, p: 0.25 }}
      >
        <InfoOutlinedIcon sx={{ fontSize: 16 }} />
      </IconButton>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': DETAIL_COPY.liftHow, sx: { p: 2, maxWidth: 340 } },
        }}
      >
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {DETAIL_COPY.liftHow}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {percent ? DETAIL_COPY.liftFormula : DETAIL_COPY.liftInUnits}
        </Typography>
        <Box
          component="p"
          sx={{
            m: 0,
            mb: 1,
            fontFamily: 'monospace',
            fontSize: 13,
            bgcolor: 'action.hover',
            p: 1,
            borderRadius: 1,
          }}
        >
          {percent
            ? DETAIL_COPY.liftWorked(
                insight.formatted_current_value,
                insight.formatted_expected_value,
                insight.formatted_lift_percentage,
              )
            : liftText(insight)}
        </Box>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {DETAIL_COPY.expectedRangeOf(
            insight.pattern_data.formatted_yhat_lower,
            insight.pattern_data.formatted_yhat_upper,
          )}
          {insight.formatted_normalization_string ? ` · ${insight.formatted_normalization_string}` : ''}
        </Typography>
      </Popover>
    </>
  );
}
