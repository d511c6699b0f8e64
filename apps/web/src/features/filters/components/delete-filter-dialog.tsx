import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { GlobalFilter } from '@tidemark/contract';
import { FILTERS_COPY } from '../messages';

export interface DeleteFilterDialogProps {
  filter: GlobalFilter | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (filter: GlobalFilter) => void;
  /** After the dialog has gone and focus has been handed back. */
  onClosed?: () => void;
}

/** The confirmation before a delete; it shows progress and cannot be dismissed mid-way. */
export function DeleteFilterDialog({
  filter,
  deleting,
  onCancel,
  onConfirm,
  onClosed,
}: DeleteFilterDialogProps) {
  return (
    <Dialog
      open={filter !== null}
      onClose={() => !deleting && onCancel()}
      aria-labelledby="delete-filter-title"
      maxWidth="xs"
      fullWidth
      // Focus goes back to the Delete button as the dialog unmounts; run after that.
      slotProps={{ transition: { onExited: () => setTimeout(() => onClosed?.(), 0) } }}
    >
      <DialogTitle id="delete-filter-title">{FILTERS_COPY.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{filter ? FILTERS_COPY.deleteBody(filter.display_name) : ''}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          {FILTERS_COPY.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={deleting}
          onClick={() => filter && onConfirm(filter)}
          startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {deleting ? FILTERS_COPY.deleting : FILTERS_COPY.confirmDelete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
