import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROVIDER_CATEGORIES, type ProviderCategory, type StoreProvider } from '@tidemark/contract';
import { useMemo, useState } from 'react';
import { STORES_COPY } from '../stores-billing-messages';

const copy = STORES_COPY;
/** Spec 1 §2: drawers are 400 or 550 px wide; a list with logos, categories and links takes the wider. */
export const PROVIDERS_DRAWER_WIDTH = 550;

export interface EventProvidersDrawerProps {
  open: boolean;
  onClose: () => void;
  providers: StoreProvider[];
  busy: boolean;
  onToggle: (id: string, isActive: boolean) => void;
}

function categoryLabel(category: string): string {
  return PROVIDER_CATEGORIES[category as ProviderCategory] ?? category;
}

/** The providers a store can watch, grouped by their first category, each with an on/off switch. */
export function EventProvidersDrawer({
  open,
  onClose,
  providers,
  busy,
  onToggle,
}: EventProvidersDrawerProps) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const byCategory = new Map<string, StoreProvider[]>();
    for (const p of providers) {
      const matches =
        !q ||
        p.display_name.toLowerCase().includes(q) ||
        p.categories.some((c) => categoryLabel(c).toLowerCase().includes(q));
      if (!matches) continue;
      const key = p.categories[0] ?? 'other';
      byCategory.set(key, [...(byCategory.get(key) ?? []), p]);
    }
    return [...byCategory.entries()];
  }, [providers, query]);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: PROVIDERS_DRAWER_WIDTH } } } }}
    >
      <Stack sx={{ height: '100%' }} role="region" aria-label={copy.drawerTitle}>
        <Box sx={{ p: 3, pb: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
              {copy.drawerTitle}
            </Typography>
            <IconButton onClick={onClose} aria-label={copy.close}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {copy.drawerIntro}
          </Typography>
          <TextField
            fullWidth
            size="small"
            sx={{ mt: 2 }}
            placeholder={copy.search}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': copy.search },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 1, pb: 2 }}>
          {groups.length === 0 ? (
            <Typography sx={{ p: 2, color: 'text.secondary' }}>{copy.noMatch}</Typography>
          ) : (
            groups.map(([category, items]) => (
              <List
                key={category}
                dense
                subheader={<ListSubheader disableSticky>{categoryLabel(category)}</ListSubheader>}
              >
                {items.map((p) => (
                  <ListItem
                    key={p.id}
                    secondaryAction={
                      <Switch
                        edge="end"
                        checked={p.is_active}
                        disabled={busy}
                        onChange={(_e, checked) => onToggle(p.id, checked)}
                        slotProps={{ input: { 'aria-label': copy.toggleLabel(p.display_name) } }}
                      />
                    }
                  >
                    <Box
                      component="img"
                      src={p.logo_url}
                      alt=""
                      sx={{ width: 32, height: 32, borderRadius: 1, mr: 2, flexShrink: 0 }}
                    />
                    <Box sx={{ minWidth: 0, pr: 6 }}>
                      <Typography sx={{ fontWeight: 600 }}>{p.display_name}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {p.categories.map(categoryLabel).join(' · ')} ·{' '}
                        <Link href={p.status_page_url} target="_blank" rel="noopener noreferrer">
                          {copy.statusPage}
                        </Link>
                      </Typography>
                    </Box>
                  </ListItem>
                ))}
              </List>
            ))
          )}
        </Box>
      </Stack>
    </Drawer>
  );
}
