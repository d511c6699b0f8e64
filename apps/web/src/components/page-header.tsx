import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  /** The browser tab's title; defaults to `title`. */
  documentTitle?: string;
  subtitle?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, documentTitle, subtitle, actions }: PageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <DocumentTitle title={documentTitle ?? title} />
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <Typography variant="h2" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions}
    </Box>
  );
}

export const APP_NAME = 'Tidemark';

/** React 19 hoists <title> into the document head. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${APP_NAME}`}</title>;
}
