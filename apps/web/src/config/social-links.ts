// The company's social accounts, from the build's environment (VITE_SOCIAL_WHATSAPP_URL,
// VITE_SOCIAL_LINKEDIN_URL, VITE_SOCIAL_INSTAGRAM_URL). An account that is not configured, or whose
// address is not https, has no link anywhere: no placeholder address is ever shipped.

declare global {
  interface ImportMetaEnv {
    readonly VITE_SOCIAL_WHATSAPP_URL?: string;
    readonly VITE_SOCIAL_LINKEDIN_URL?: string;
    readonly VITE_SOCIAL_INSTAGRAM_URL?: string;
  }
}

export const SOCIAL_NETWORKS = ['whatsapp', 'linkedin', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLink = { network: SocialNetwork; href: string };

function httpsUrl(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The configured accounts, in a fixed order. Read on each call, so a test can set the environment. */
export function getSocialLinks(): SocialLink[] {
  // Each variable is named in full: Vite replaces these expressions at build time.
  const configured: Record<SocialNetwork, string | undefined> = {
    whatsapp: import.meta.env.VITE_SOCIAL_WHATSAPP_URL,
    linkedin: import.meta.env.VITE_SOCIAL_LINKEDIN_URL,
    instagram: import.meta.env.VITE_SOCIAL_INSTAGRAM_URL,
  };
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = httpsUrl(configured[network]);
    return href ? [{ network, href }] : [];
  });
}
