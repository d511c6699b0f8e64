import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GlobalFilter } from '@tidemark/contract';
import { ErrorState } from '@/components/error-state';
import type { AppliedFilter } from '@/session';
import { FILTERS_COPY } from '../messages';
import { deleteBlock, matchingFilter } from '../utils/rules';

const CHIP_SX = { height: 20, fontSize: '0.6875rem', flexShrink: 0 } as const;

export interface SavedFilterListProps {
  filters: readonly GlobalFilter[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  applied: AppliedFilter | null;
  /** dimension name → its display name, when the dimensions are known. */
  dimensionLabel: (name: string) => string;
  canCreate: boolean;
  onApply: (filter: GlobalFilter) => void;
  onClear: () => void;
  onDelete: (filter: GlobalFilter) => void;
}

/** The saved filters: click to apply; delete is disabled for the applied and the default one (spec 1 §4). */
export function SavedFilterList(props: SavedFilterListProps) {
  const { filters, applied } = props;
  if (props.isPending) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={FILTERS_COPY.savedTitle}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={52} />
        ))}
      </Stack>
    );
  }
  if (props.isError || !filters) {
    return (
      <ErrorState
        title={FILTERS_COPY.savedFailedTitle}
        message={FILTERS_COPY.savedFailed}
        onRetry={props.onRetry}
        retryLabel={FILTERS_COPY.retry}
      />
    );
  }
  if (filters.length === 0) {
    return (
      <Box
        sx={{
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
        }}
      >
        <FilterAltOffOutlinedIcon sx={{ color: 'text.disabled', mb: 1 }} aria-hidden />
        <Typography variant="subtitle2">{FILTERS_COPY.savedEmpty}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {props.canCreate ? FILTERS_COPY.savedEmptyHint : FILTERS_COPY.savedEmptyReadOnly}
        </Typography>
      </Box>
    );
  }
  const current = matchingFilter(filters, applied);
  return (
    <Stack spacing={1}>
      <List dense disablePadding aria-label={FILTERS_COPY.savedTitle}>
        {filters.map((filter) => {
          const block = deleteBlock(filter, applied);
          const isApplied = filter === current;
          return (
            <ListItem
              key={filter.id}
              disablePadding
              secondaryAction={
                <Tooltip
                  title={
                    block === 'applied'
                      ? FILTERS_COPY.cannotDeleteApplied
                      : block === 'default'
                        ? FILTERS_COPY.cannotDeleteDefault
                        : FILTERS_COPY.delete(filter.display_name)
                  }
                >
                  {/* A disabled button takes no pointer events; the span keeps its tooltip. */}
                  <span>
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={FILTERS_COPY.delete(filter.display_name)}
                      disabled={block !== null}
                      onClick={() => props.onDelete(filter)}
                    >
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              }
            >
              <ListItemButton
                selected={isApplied}
                onClick={() => props.onApply(filter)}
                aria-label={FILTERS_COPY.applyFilter(filter.display_name)}
                sx={{ borderRadius: 1.5, pr: 7 }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {isApplied && <CheckRoundedIcon fontSize="small" color="primary" />}
                </ListItemIcon>
                <ListItemText
                  primary={
                    <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                      {filter.display_name}
                    </Typography>
                  }
                  secondary={
                    <Stack
                      direction="row"
                      spacing={0.75}
                      sx={{ alignItems: 'center', minWidth: 0, mt: 0.25 }}
                    >
                      <Typography variant="caption" noWrap sx={{ color: 'text.secondary', minWidth: 0 }}>
                        {`${props.dimensionLabel(filter.dimension_name)}: ${filter.dimension_value}`}
                      </Typography>
                      {filter.is_default && <Chip size="small" label={FILTERS_COPY.isDefault} sx={CHIP_SX} />}
                      {isApplied && (
                        <Chip
                          size="small"
                          color="primary"
                          variant="outlined"
                          label={FILTERS_COPY.applied}
                          sx={CHIP_SX}
                        />
                      )}
                    </Stack>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {applied && (
        <Box>
          <Button size="small" startIcon={<FilterAltOffOutlinedIcon />} onClick={props.onClear}>
            {FILTERS_COPY.clear}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
