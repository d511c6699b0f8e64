import { afterEach, describe, expect, it, vi } from 'vitest';

async function load(supportChatId: string | null) {
  vi.resetModules();
  vi.doMock('@/config/env', () => ({ env: { supportChatId, supportEmail: 'help@tidemark.test' } }));
  return import('./support-chat');
}

describe('support chat', () => {
  afterEach(() => {
    delete window.$crisp;
    delete window.CRISP_WEBSITE_ID;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('loads the chat once when configured and identifies the user by e-mail and display name', async () => {
    const chat = await load('site-123');
    chat.startSupportChat({ email: 'ana@shop.test', name: 'Ana Diaz' });
    chat.startSupportChat({ email: 'ana@shop.test', name: 'Ana Diaz' });
    const scripts = [...document.head.querySelectorAll('script')].map((s) => s.src);
    expect(scripts).toEqual(['https://client.crisp.chat/l.js']);
    expect(window.CRISP_WEBSITE_ID).toBe('site-123');
    expect(window.$crisp).toContainEqual(['set', 'user:email', ['ana@shop.test']]);
    expect(window.$crisp).toContainEqual(['set', 'user:nickname', ['Ana Diaz']]);
    chat.openSupportChat();
    expect(window.$crisp!.at(-1)).toEqual(['do', 'chat:open']);
  });

  it('loads nothing without a website id, and help is a prefilled mail naming the workspace', async () => {
    const chat = await load(null);
    chat.startSupportChat({ email: 'ana@shop.test', name: 'Ana Diaz' });
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(window.$crisp).toBeUndefined();
    expect(chat.isSupportChatConfigured()).toBe(false);
    const href = chat.supportMailHref({ email: 'ana@shop.test', workspace: 'Ana Shop' });
    expect(href.startsWith('mailto:help@tidemark.test?subject=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Help with Tidemark — Ana Shop');
    expect(decodeURIComponent(href)).toContain('ana@shop.test');
  });
});
