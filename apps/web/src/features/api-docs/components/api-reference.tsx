import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
// Part of the /docs/api route's own chunk only (the router lazy-loads the route module).
import '@scalar/api-reference/style.css';
import { createApiReference } from '@scalar/api-reference';

/**
 * Scalar's interactive reference (a Vue app) mounted into a React element. Everything stays on our own
 * origin: no web fonts, telemetry, proxy or MCP links, so the strict CSP holds.
 */
export function ApiReference({ document }: { document: Record<string, unknown> }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = createApiReference(element, {
      content: document,
      servers: [{ url: window.location.origin, description: 'This Tidemark server' }],
      authentication: { preferredSecurityScheme: 'bearer' },
      withDefaultFonts: false,
      telemetry: false,
      persistAuth: false,
      hideDarkModeToggle: true,
      forceDarkModeState: 'light',
      showDeveloperTools: 'never',
      documentDownloadType: 'json',
      // The AI agent talks to Scalar's servers: not for a self-hosted product.
      agent: { disabled: true },
      defaultOpenFirstTag: true,
    });
    return () => instance.destroy();
  }, [document]);

  // Scalar's sticky sidebar and anchors sit below our sticky top bar (56 px).
  return <Box ref={host} data-testid="api-reference" sx={{ '--scalar-custom-header-height': '56px' }} />;
}
