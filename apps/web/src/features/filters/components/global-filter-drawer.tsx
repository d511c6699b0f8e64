import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GlobalFilter } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useAppliedFilter } from '@/session';
import { useCreateGlobalFilter } from '../api/create-global-filter';
import { useDeleteGlobalFilter } from '../api/delete-global-filter';
import { useDimensions } from '../api/get-dimensions';
import { useGlobalFilters } from '../api/get-global-filters';
import { useApplyFilter } from '../hooks/use-apply-filter';
import { FILTERS_COPY } from '../messages';
import { asApplied } from '../utils/rules';
import { CreateFilterForm } from './create-filter-form';
import { DeleteFilterDialog } from './delete-filter-dialog';
import { SavedFilterList } from './saved-filter-list';

/** Spec 1 §2: drawers are 400 or 550 px wide. */
const DRAWER_WIDTH = 400;

export interface GlobalFilterDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The create-global-filter feature: without it the drawer only lists, applies and deletes. */
  canCreate: boolean;
}

export function GlobalFilterDrawer({ open, onClose, canCreate }: GlobalFilterDrawerProps) {
  const applied = useAppliedFilter();
  const apply = useApplyFilter();
  const filters = useGlobalFilters({ enabled: open });
  const dimensions = useDimensions({ enabled: open });
  const create = useCreateGlobalFilter();
  const remove = useDeleteGlobalFilter(applied);
  const [confirming, setConfirming] = useState<GlobalFilter | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A deleted filter's Delete button is gone: focus would fall to the page, out of the drawer (where Escape
  // and Tab no longer reach it). It lands on the drawer's title instead.
  const keepFocusInside = () => {
    const active = document.activeElement;
    const paper = titleRef.current?.closest('.MuiDrawer-paper');
    if (paper && !(active && active.isConnected && paper.contains(active))) titleRef.current?.focus();
  };
  const { enqueueSnackbar } = useSnackbar();

  // A 401 has already sent the user to /login; anything else gets the spec's one failure message.
  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return;
    enqueueSnackbar(FILTERS_COPY.failed, { variant: 'error' });
  };
  const dimensionLabel = (name: string) =>
    dimensions.data?.find((d) => d.name === name)?.display_name ?? name;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: DRAWER_WIDTH } }, 'aria-labelledby': 'global-filter-title' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 3, pt: 2.5, pb: 1 }}>
        <Typography
          id="global-filter-title"
          ref={titleRef}
          tabIndex={-1}
          variant="h4"
          component="h2"
          sx={{ flex: 1, '&:focus': { outline: 'none' } }}
        >
          {FILTERS_COPY.drawerTitle}
        </Typography>
        <IconButton aria-label={FILTERS_COPY.close} onClick={onClose} edge="end">
          <CloseRoundedIcon />
        </IconButton>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', px: 3, pb: 2 }}>
        {FILTERS_COPY.drawerIntro}
      </Typography>

      {canCreate && (
        <Box component="section" aria-labelledby="new-filter-title" sx={{ px: 3, pb: 3 }}>
          <Typography id="new-filter-title" variant="h6" component="h3" sx={{ mb: 1.5 }}>
            {FILTERS_COPY.createTitle}
          </Typography>
          {open && (
            <CreateFilterForm
              saved={filters.data ?? []}
              saving={create.isPending}
              onSubmit={(input) =>
                create.mutate(input, {
                  onSuccess: (filter) => {
                    enqueueSnackbar(FILTERS_COPY.created, { variant: 'success' });
                    apply(asApplied(filter));
                    onClose();
                  },
                  onError: failed,
                })
              }
            />
          )}
        </Box>
      )}
      {canCreate && <Divider />}

      <Box component="section" aria-labelledby="saved-filters-title" sx={{ px: 3, py: 2.5 }}>
        <Typography id="saved-filters-title" variant="h6" component="h3" sx={{ mb: 1.5 }}>
          {FILTERS_COPY.savedTitle}
        </Typography>
        <SavedFilterList
          filters={filters.data}
          isPending={filters.isPending}
          isError={filters.isError}
          onRetry={() => void filters.refetch()}
          applied={applied}
          dimensionLabel={dimensionLabel}
          // The "create one above" hint only makes sense when the form can offer something.
          canCreate={canCreate && dimensions.data?.length !== 0}
          onApply={(filter) => {
            apply(asApplied(filter));
            onClose();
          }}
          onClear={() => {
            apply(null);
            onClose();
          }}
          onDelete={setConfirming}
        />
      </Box>

      <DeleteFilterDialog
        filter={confirming}
        deleting={remove.isPending}
        onCancel={() => setConfirming(null)}
        onClosed={keepFocusInside}
        onConfirm={(filter) =>
          remove.mutate(filter.id, {
            onSuccess: () => {
              enqueueSnackbar(FILTERS_COPY.deleted, { variant: 'success' });
              setConfirming(null);
            },
            onError: (error) => {
              failed(error);
              setConfirming(null);
            },
          })
        }
      />
    </Drawer>
  );
}
