import { env } from '@/config/env';

// The support chat (Crisp): its loader reads a command queue from window.$crisp, so commands pushed before
// the script arrives still apply. Nothing loads without a website id.
const LOADER_URL = 'https://client.crisp.chat/l.js';

type Command = [string, string, unknown[]?];
declare global {
  interface Window {
    $crisp?: Command[];
    CRISP_WEBSITE_ID?: string;
  }
}

export const isSupportChatConfigured = (): boolean => env.supportChatId !== null;

/** Loads the chat once and tells it who is asking (the user's e-mail and display name), when configured. */
export function startSupportChat(user: { email: string; name: string }): void {
  const id = env.supportChatId;
  if (!id) return;
  window.$crisp ??= [];
  window.$crisp.push(['set', 'user:email', [user.email]]);
  if (user.name) window.$crisp.push(['set', 'user:nickname', [user.name]]);
  if (window.CRISP_WEBSITE_ID) return;
  window.CRISP_WEBSITE_ID = id;
  const script = document.createElement('script');
  script.src = LOADER_URL;
  script.async = true;
  document.head.appendChild(script);
}

export function openSupportChat(): void {
  window.$crisp?.push(['do', 'chat:open']);
}

/** Without a chat, help is a prefilled mail to support naming who asks and for which workspace. */
export function supportMailHref(user: { email: string; workspace: string }): string {
  const subject = encodeURIComponent(`Help with Tidemark — ${user.workspace}`);
  const body = encodeURIComponent(`Hello,\n\n(What happened, and on which page?)\n\n— ${user.email}\n`);
  return `mailto:${env.supportEmail}?subject=${subject}&body=${body}`;
}
