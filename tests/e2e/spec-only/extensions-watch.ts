// What the spec-only tests watch on every page: how often each
// extension of the OpenAPI document was asked (a backend that does not offer
// one is asked at most once per sign-in), and whether spec §8's reload
// message ever showed.
import { expect, type Page } from '@playwright/test';
import { EXTENSIONS } from '../../../packages/shared/src/generated/extensions.ts';
import { globalMessages } from '../../../packages/shared/src/messages.ts';

const matchers = EXTENSIONS.map((e) => ({
  id: e.operationId,
  method: e.method,
  path: new RegExp(`${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The extension a request asks, if any. */
export function extensionOf(method: string, url: string): string | null {
  const path = new URL(url).pathname;
  return matchers.find((m) => m.method === method && m.path.test(path))?.id ?? null;
}

export class ExtensionWatch {
  readonly asked = new Map<string, number>();
  /** Every request, for counts of spec calls ("METHOD /path"). */
  readonly requests: string[] = [];
  /** Addresses of the 404 page the page was sent to. */
  readonly notFound: string[] = [];

  constructor(readonly page: Page) {
    page.on('request', (request) => {
      const id = extensionOf(request.method(), request.url());
      this.requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
      if (id) this.asked.set(id, (this.asked.get(id) ?? 0) + 1);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && /\/userprofile\/notFound/.test(frame.url())) this.notFound.push(frame.url());
    });
  }

  /** Records whether the reload message was ever on screen (a toast lives a few seconds only). */
  static async watchReloadMessage(page: Page): Promise<void> {
    await page.addInitScript((text) => {
      const w = window as unknown as { __sawReload?: boolean };
      new MutationObserver(() => {
        if (!w.__sawReload && document.body?.textContent?.includes(text)) w.__sawReload = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, globalMessages.reloadPage);
  }

  async sawReloadMessage(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __sawReload?: boolean }).__sawReload === true);
  }

  count(request: RegExp): number {
    return this.requests.filter((r) => request.test(r)).length;
  }

  /** None asked twice, no reload message, no 404 page: what every spec-only test ends by. */
  async expectQuiet(): Promise<void> {
    expect(this.askedTwice(), 'an extension the backend does not offer was asked again').toEqual([]);
    expect(await this.sawReloadMessage(), `"${globalMessages.reloadPage}" showed`).toBe(false);
    expect(this.notFound, 'a screen went to the 404 page').toEqual([]);
  }

  /** Extensions asked more than once. */
  askedTwice(): string[] {
    return [...this.asked].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  }
}
