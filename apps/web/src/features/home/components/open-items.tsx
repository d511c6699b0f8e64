import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DigestItem } from '@tidemark/contract';
import { formatRelative } from '@tidemark/format';
import { Link as RouterLink } from 'react-router';
import { paths, withQuery, type QueryInput } from '@/config/paths';
import { useFormatMoney } from '@/lib/currency';
import { HOME_COPY } from '../messages';

const SEVERITY_COLOR: Record<string, ChipProps['color']> = { High: 'error', Medium: 'warning', Low: 'info' };

export interface OpenItemsProps {
  items: DigestItem[];
  linkQuery?: QueryInput;
}

/** Where an item opens: an insight group's page, or an event group's. */
export function itemHref(item: DigestItem, linkQuery: QueryInput = {}): string {
  return withQuery(
    item.kind === 'insight_group' ? paths.group.getHref(item.id) : paths.eventGroup.getHref(item.id),
    linkQuery,
  );
}

/** Open insight groups and event groups, the largest money first; each opens its page. */
export function OpenItems({ items, linkQuery = {} }: OpenItemsProps) {
  const formatMoney = useFormatMoney();
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label={HOME_COPY.openItems}>
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        {HOME_COPY.openItems}
      </Typography>
      {items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{HOME_COPY.noItems}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => {
            const money =
              item.dollar_impact === null
                ? null
                : formatMoney(item.dollar_impact, { signed: item.kind === 'insight_group' });
            return (
              <Box
                component="li"
                key={`${item.kind}:${item.id}`}
                sx={{ borderTop: 1, borderColor: 'divider' }}
              >
                <Link
                  component={RouterLink}
                  to={itemHref(item, linkQuery)}
                  underline="none"
                  color="inherit"
                  sx={{
                    display: 'flex',
                    gap: 1.5,
                    alignItems: 'center',
                    py: 1.25,
                    px: 0.5,
                    borderRadius: 1,
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography
                      variant="body2"
                      sx={{
                        fontWeight: 600,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {item.title}
                    </Typography>
                    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5 }}>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={item.severity}
                        color={SEVERITY_COLOR[item.severity] ?? 'default'}
                      />
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {item.kind === 'insight_group' ? HOME_COPY.insightKind : HOME_COPY.eventKind}
                        {item.status === 'Active' ? ` · ${HOME_COPY.live}` : ''} ·{' '}
                        {formatRelative(item.ts_end)}
                      </Typography>
                    </Stack>
                  </Box>
                  <Typography
                    className="tabular-nums"
                    variant="body2"
                    sx={{
                      fontWeight: 700,
                      whiteSpace: 'nowrap',
                      color:
                        money === null
                          ? 'text.secondary'
                          : item.accent === 'positive'
                            ? 'success.main'
                            : 'error.main',
                    }}
                  >
                    {money ?? HOME_COPY.impactUnknown}
                  </Typography>
                </Link>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
