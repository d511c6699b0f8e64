import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { EXPLORER_VIEW_NAME_MAX, type ExplorerState, type ExplorerView } from '@tidemark/contract';
import { formatShownDate } from '@tidemark/format';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useCreateExplorerView } from '../api/create-view';
import { useDeleteExplorerView } from '../api/delete-view';
import { useExplorerViews } from '../api/views';
import { EXPLORER_COPY } from '../messages';

const TOAST_MS = 4000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The workspace's saved explorations; choosing one restores it. */
export function SavedViewsMenu({
  onOpen,
  readOnly = false,
}: {
  onOpen: (view: ExplorerView) => void;
  readOnly?: boolean;
}) {
  const views = useExplorerViews();
  const remove = useDeleteExplorerView();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = views.data?.views ?? [];
  return (
    <>
      <Button
        size="small"
        variant="text"
        startIcon={<FolderOpenOutlinedIcon />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {EXPLORER_COPY.savedViews}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {list.length === 0 && <MenuItem disabled>{EXPLORER_COPY.noSavedViews}</MenuItem>}
        {list.map((v) => (
          <MenuItem
            key={v.id}
            onClick={() => {
              setAnchor(null);
              onOpen(v);
            }}
            sx={{ minWidth: 280, gap: 1 }}
          >
            <ListItemText
              primary={v.name}
              secondary={[v.created_by, formatShownDate(v.created_at)].filter(Boolean).join(' · ')}
            />
            {!readOnly && (
              <IconButton
                size="small"
                aria-label={`${EXPLORER_COPY.deleteView} ${v.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  remove.mutate(v.id, {
                    onSuccess: () =>
                      enqueueSnackbar(EXPLORER_COPY.viewDeleted, {
                        variant: 'success',
                        autoHideDuration: TOAST_MS,
                      }),
                  });
                }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            )}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Save asks for a name, then shows the link that reopens the exploration (and copies it). */
export function SaveViewButton({
  state,
  linkFor,
  onSaved,
}: {
  state: ExplorerState;
  linkFor: (viewId: string) => string;
  onSaved: (view: ExplorerView) => void;
}) {
  const create = useCreateExplorerView();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setLink(null);
    create.reset();
  };
  const save = () => {
    create.mutate(
      { name: name.trim(), state },
      {
        onSuccess: async ({ view }) => {
          const url = linkFor(view.id);
          setLink(url);
          onSaved(view);
          const copied = await copyText(url);
          enqueueSnackbar(copied ? EXPLORER_COPY.viewSaved : EXPLORER_COPY.viewSavedNotCopied, {
            variant: 'success',
            autoHideDuration: TOAST_MS,
          });
        },
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<BookmarkBorderIcon />}
        disabled={state.metrics.length === 0}
        onClick={() => setOpen(true)}
      >
        {EXPLORER_COPY.save}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{EXPLORER_COPY.saveTitle}</DialogTitle>
        <DialogContent>
          {link ? (
            <TextField
              fullWidth
              label={EXPLORER_COPY.shareLink}
              value={link}
              margin="dense"
              slotProps={{
                input: {
                  readOnly: true,
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={EXPLORER_COPY.copyLink}>
                        <IconButton
                          aria-label={EXPLORER_COPY.copyLink}
                          onClick={() =>
                            void copyText(link).then(
                              (ok) =>
                                ok &&
                                enqueueSnackbar(EXPLORER_COPY.linkCopied, {
                                  variant: 'success',
                                  autoHideDuration: TOAST_MS,
                                }),
                            )
                          }
                        >
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
          ) : (
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={EXPLORER_COPY.name}
              value={name}
              onChange={(e) => setName(e.target.value.slice(0, EXPLORER_VIEW_NAME_MAX))}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && name.trim()) save();
              }}
              error={create.isError}
              helperText={create.isError ? create.error.message : ' '}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{link ? EXPLORER_COPY.close : EXPLORER_COPY.cancel}</Button>
          {!link && (
            <Button variant="contained" disabled={!name.trim() || create.isPending} onClick={save}>
              {create.isPending ? EXPLORER_COPY.saving : EXPLORER_COPY.save}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
