import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import Button from '@mui/material/Button';
import { env } from '@/config/env';
import { useWorkspaceName } from '@/session';
import { CONNECTIONS_COPY } from '../messages';

/** A prefilled mail to support that names the workspace (spec 1 §2). */
export function talkToUsHref(workspace: string): string {
  const subject = encodeURIComponent(`Help with data sources — ${workspace}`);
  const body = encodeURIComponent(
    `Hello,\n\nWe need help connecting data for the workspace "${workspace}".\n\n`,
  );
  return `mailto:${env.supportEmail}?subject=${subject}&body=${body}`;
}

export function TalkToUsButton() {
  const name = useWorkspaceName();
  return (
    <Button variant="outlined" startIcon={<MailOutlineIcon />} href={talkToUsHref(name)}>
      {CONNECTIONS_COPY.talkToUs}
    </Button>
  );
}
