import ArrowDropDownRoundedIcon from '@mui/icons-material/ArrowDropDownRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useState } from 'react';
import { useAppliedFilter } from '@/session';
import { useDimensions } from '../api/get-dimensions';
import { useGlobalFilters } from '../api/get-global-filters';
import { useApplyFilter } from '../hooks/use-apply-filter';
import { FILTERS_COPY } from '../messages';
import { asApplied, matchingFilter } from '../utils/rules';

// The drawer (forms, lists, dialogs) loads when first opened: the top bar stays light on every page.
const GlobalFilterDrawer = lazy(() =>
  import('./global-filter-drawer').then((m) => ({ default: m.GlobalFilterDrawer })),
);

export interface GlobalFilterSelectorProps {
  /** The create-global-filter feature decides whether the drawer offers a new filter. */
  canCreate: boolean;
}

/** The top bar's selector: the applied filter at a glance, a quick switch, and the drawer to manage them. */
export function GlobalFilterSelector({ canCreate }: GlobalFilterSelectorProps) {
  const applied = useAppliedFilter();
  const apply = useApplyFilter();
  const filters = useGlobalFilters();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const current = matchingFilter(filters.data ?? [], applied);
  // Display names are needed only in the open menu, or for a shared filter nobody saved.
  const dimensions = useDimensions({ enabled: anchor !== null || (applied !== null && !current) });
  const dimensionLabel = (name: string) =>
    dimensions.data?.find((d) => d.name === name)?.display_name ?? name;
  // A shared link may name a value nobody saved: it still applies, shown as dimension and value.
  const label =
    current?.display_name ??
    (applied ? `${dimensionLabel(applied.dim_name)}: ${applied.dim_val}` : FILTERS_COPY.allData);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        variant={applied ? 'contained' : 'outlined'}
        color={applied ? 'primary' : 'inherit'}
        disableElevation
        size="small"
        // The name carries the visible value too, so a screen reader hears what is applied.
        aria-label={`${FILTERS_COPY.selectorLabel}: ${label}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<FilterAltOutlinedIcon />}
        endIcon={<ArrowDropDownRoundedIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{
          maxWidth: 240,
          borderRadius: 999,
          borderColor: applied ? undefined : 'divider',
          color: applied ? undefined : 'text.primary',
          '& .MuiButton-endIcon': { ml: 0 },
        }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, maxHeight: 420 } } }}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>{FILTERS_COPY.menuTitle}</ListSubheader>
        <MenuItem
          selected={!applied}
          onClick={() => {
            apply(null);
            close();
          }}
        >
          <ListItemIcon>{!applied && <CheckRoundedIcon fontSize="small" />}</ListItemIcon>
          <ListItemText primary={FILTERS_COPY.allData} secondary={FILTERS_COPY.allDataHint} />
        </MenuItem>
        {filters.isPending &&
          [0, 1].map((i) => (
            <MenuItem key={`s${i}`} disabled>
              <Skeleton variant="text" width={160} />
            </MenuItem>
          ))}
        {filters.isError && (
          <MenuItem onClick={() => void filters.refetch()}>
            <ListItemText primary={FILTERS_COPY.savedFailedTitle} secondary={FILTERS_COPY.retry} />
          </MenuItem>
        )}
        {(filters.data ?? []).map((f) => (
          <MenuItem
            key={f.id}
            selected={f === current}
            onClick={() => {
              apply(asApplied(f));
              close();
            }}
          >
            <ListItemIcon>{f === current && <CheckRoundedIcon fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={f.is_default ? `${f.display_name} · ${FILTERS_COPY.isDefault}` : f.display_name}
              secondary={`${dimensionLabel(f.dimension_name)}: ${f.dimension_value}`}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
        >
          <ListItemIcon>
            <TuneRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={FILTERS_COPY.manage} />
        </MenuItem>
      </Menu>
      {drawerWanted && (
        <Suspense fallback={null}>
          <GlobalFilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} canCreate={canCreate} />
        </Suspense>
      )}
    </>
  );
}
