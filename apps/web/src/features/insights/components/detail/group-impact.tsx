import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { formatDuration } from '@tidemark/format';
import { useGroupImpact } from '../../api/get-group-impact';

/** Time to detect / resolve chips; a value not known yet (an open group's resolve time) is left out. */
export function GroupImpactChips({ groupId }: { groupId: string }) {
  const impact = useGroupImpact(groupId);
  if (impact.isPending) return <Skeleton variant="rounded" width={150} height={24} />;
  // A secondary fact: when it fails the page reads fine without it.
  if (impact.isError) return null;
  return (
    <>
      {impact.data
        .filter((item) => item.value !== null)
        .map((item) => (
          <Chip
            key={item.name}
            size="small"
            variant="outlined"
            icon={<TimerOutlinedIcon />}
            label={`${item.name}: ${formatDuration(item.value)}`}
          />
        ))}
    </>
  );
}
