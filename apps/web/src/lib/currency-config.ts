// The platform's currency, read from GET /api/v1/pub/config before the first render (docs/decisions/0019-currency.md):
// every figure the web writes and every amount its forms accept follow it. index.html preloads the
// answer, so it arrives with the scripts rather than after them.
import { configureCurrency, type PublicConfig } from '@qist/domain';

export const PUBLIC_CONFIG_PATH = '/api/v1/pub/config';

/**
 * Sets the domain's currency from the server's answer. Without one (the server unreachable) the
 * default stays: no figure can be shown then anyway, and the page itself says the server is down.
 */
export async function loadCurrency(): Promise<void> {
  try {
    // No headers of its own: the request must match index.html's preload to use its answer.
    const response = await fetch(PUBLIC_CONFIG_PATH);
    if (!response.ok) return;
    const body = (await response.json()) as { content?: Partial<PublicConfig> };
    if (typeof body.content?.currency === 'string') configureCurrency(body.content.currency);
  } catch (error) {
    console.error('the currency could not be read; amounts are shown in the default currency', error);
  }
}
