import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { INSIGHTS_COPY } from '../messages';
import { TIME_WINDOWS, timeWindowLabel, type TimeWindowId } from '../utils/time-window';

/** The feed's time filter; a change resets the feed to its first page. */
export function TimeFilterChip({
  value,
  onChange,
}: {
  value: TimeWindowId;
  onChange: (next: TimeWindowId) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Chip
        icon={<AccessTimeIcon />}
        deleteIcon={<ArrowDropDownIcon />}
        onDelete={(e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget.parentElement)}
        label={timeWindowLabel(value)}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label={`${INSIGHTS_COPY.timeFilter}: ${timeWindowLabel(value)}`}
        variant="outlined"
        color="primary"
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {TIME_WINDOWS.map((w) => (
          <MenuItem
            key={w.id}
            selected={w.id === value}
            onClick={() => {
              setAnchor(null);
              if (w.id !== value) onChange(w.id);
            }}
          >
            {w.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
