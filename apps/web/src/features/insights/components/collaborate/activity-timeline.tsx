import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { COLLABORATE_COPY } from '../../messages';
import { HistoryList } from '../detail/group-history';

/** The event history modal titled Activity Timeline (spec 3 §2): the group's moves and edits, See More. */
export function ActivityTimeline({ groupId, tz }: { groupId: string; tz?: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setOpen(true)}>
        {COLLABORATE_COPY.activityTimeline}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{COLLABORATE_COPY.activityTimeline}</DialogTitle>
        <DialogContent dividers sx={{ p: 0, minHeight: 160 }}>
          {/* Mounted only while open: the history is fetched when the modal is first opened. */}
          {open && <HistoryList groupId={groupId} tz={tz} labelledBy={titleId} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{COLLABORATE_COPY.close}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
