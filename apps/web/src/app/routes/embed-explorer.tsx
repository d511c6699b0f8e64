import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { paths, withQuery } from '@/config/paths';
import { ExplorerPage, ExplorerTokenProvider, tokenFromHash } from '@/features/explorer';
import { EXPLORER_MESSAGES } from '@tidemark/contract';

/**
 * The explorer's link for a saved view: the framing /explorer page's own URL with `view` set, so it keeps
 * its workspace (`tenant_id`) and filter; the plain /explorer link when the page is opened on its own.
 */
function linkFor(viewId: string): string {
  try {
    if (window.parent !== window) {
      const outer = new URL(window.parent.location.href);
      outer.searchParams.set('view', viewId);
      return outer.toString();
    }
  } catch {
    // Framed by another origin: the frame-ancestors policy forbids it, but never break on it.
  }
  return window.location.origin + withQuery(paths.explorer.path, { view: viewId });
}

/**
 * /embed/explorer#token=…: the page /explorer frames. The token is read once from the fragment and then
 * dropped from the address, so it stays out of the history; calls carry it in a header.
 */
export function Component() {
  const [params] = useSearchParams();
  const [token] = useState(() => {
    const found = tokenFromHash(window.location.hash);
    if (found)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    return found;
  });
  const view = params.get('view');
  if (!token) {
    return (
      <StatusScreen
        fullPage
        icon={<LinkOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} />}
        title="Explorer"
        message={EXPLORER_MESSAGES.linkMissing}
      />
    );
  }
  return (
    <ExplorerTokenProvider token={token}>
      <ExplorerPage viewId={view && /^\d{1,18}$/.test(view) ? view : null} linkFor={linkFor} />
    </ExplorerTokenProvider>
  );
}
