import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { INSIGHTS_COPY } from '../../messages';

export interface LegendItem {
  id: string;
  label: string;
  color: string;
}

/**
 * The legend as chips: a series can be hidden or shown, but the last visible one stays (spec 3 §4, §9).
 * Returns the next hidden set, or the same set when the click would hide the last series.
 */
export function toggleSeries(items: LegendItem[], hidden: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(hidden);
  if (next.has(id)) next.delete(id);
  else if (items.filter((i) => !hidden.has(i.id)).length > 1) next.add(id);
  return next;
}

export interface ControlBarProps {
  title?: ReactNode;
  legend?: LegendItem[];
  hidden?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
  onReset: () => void;
  children?: ReactNode;
}

/** The chart's control bar: title, legend chips, extra controls and the reset button. */
export function ControlBar({ title, legend, hidden, onToggle, onReset, children }: ControlBarProps) {
  const visible = legend?.filter((l) => !hidden?.has(l.id)).length ?? 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
      {title && (
        <Typography variant="subtitle2" component="div" sx={{ mr: 1 }}>
          {title}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5} sx={{ flex: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        {legend?.map((item) => {
          const off = hidden?.has(item.id) ?? false;
          const last = !off && visible === 1;
          return (
            <Tooltip key={item.id} title={last ? INSIGHTS_COPY.legendLast : ''}>
              <Chip
                size="small"
                variant="outlined"
                label={item.label}
                aria-pressed={!off}
                onClick={() => onToggle?.(item.id)}
                icon={
                  <Box
                    component="span"
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: off ? 'action.disabled' : item.color,
                    }}
                  />
                }
                sx={{ opacity: off ? 0.55 : 1, textDecoration: off ? 'line-through' : 'none' }}
              />
            </Tooltip>
          );
        })}
      </Stack>
      {children}
      <Tooltip title={INSIGHTS_COPY.reset}>
        <IconButton size="small" aria-label={INSIGHTS_COPY.reset} onClick={onReset}>
          <RestartAltIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** A message in place of the drawing (no data, a failed call), with an optional retry. */
export function ChartMessage({
  height,
  message,
  onRetry,
  tone = 'muted',
}: {
  height: number;
  message: string;
  onRetry?: () => void;
  tone?: 'muted' | 'error';
}) {
  return (
    <Box
      role={tone === 'error' ? 'alert' : 'status'}
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 1,
        px: 3,
        textAlign: 'center',
      }}
    >
      <Typography
        variant="body2"
        sx={{ color: tone === 'error' ? 'error.main' : 'text.secondary', maxWidth: 520 }}
      >
        {message}
      </Typography>
      {onRetry && (
        <Chip label={INSIGHTS_COPY.retry} onClick={onRetry} variant="outlined" size="small" clickable />
      )}
    </Box>
  );
}

export function ChartSkeleton({ height, label }: { height: number; label: string }) {
  return (
    <Box
      aria-busy="true"
      aria-label={label}
      sx={{ height, display: 'flex', alignItems: 'flex-end', gap: 0.75, px: 1 }}
    >
      {Array.from({ length: 24 }, (_, i) => (
        <Skeleton
          key={i}
          variant="rectangular"
          sx={{ flex: 1, borderRadius: 0.5 }}
          height={`${30 + ((i * 37) % 60)}%`}
        />
      ))}
    </Box>
  );
}

interface BoundaryProps {
  height: number;
  children: ReactNode;
}

/**
 * A chart that throws while drawing shows the spec's message; the reset button on the control bar
 * remounts it (the parent changes this boundary's key).
 */
export class ChartErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('chart failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed)
      return <ChartMessage height={this.props.height} message={INSIGHTS_COPY.chartCrashed} tone="error" />;
    return this.props.children;
  }
}
