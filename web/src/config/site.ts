/**
 * Public-site settings that change without a code change: the embedded videos and the social
 * links. Each has a build-time override (`VITE_*` in the environment or an `.env` file); the
 * defaults below are what a build without overrides ships.
 */

function readUrl(name: string, fallback: string): string {
  const raw: unknown = import.meta.env[name];
  if (typeof raw !== 'string' || raw.trim() === '') return fallback;
  try {
    const url = new URL(raw.trim());
    // Only https: the production CSP allows https frames only (infra/lib/web-stack.ts).
    return url.protocol === 'https:' ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}

/** Appends player parameters (autoplay etc.) to an embed URL that may already carry a query. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

export const VIDEO_FRAME_TITLE = 'GoldBot live trading proof';

export const siteConfig = {
  /** The "See Live Proofs" video in the hero. */
  liveProofVideoUrl: readUrl('VITE_LIVE_PROOF_VIDEO_URL', 'https://www.youtube-nocookie.com/embed/Xw5tXqF3o7c'),
  /** The "See Live Trading" tab of the reports section. */
  liveTradingVideoUrl: readUrl('VITE_LIVE_TRADING_VIDEO_URL', 'https://www.youtube-nocookie.com/embed/Xw5tXqF3o7c'),
  socialLinks: [
    { id: 'facebook', label: 'Facebook', href: readUrl('VITE_FACEBOOK_URL', 'https://www.facebook.com/goldbot') },
    { id: 'instagram', label: 'Instagram', href: readUrl('VITE_INSTAGRAM_URL', 'https://www.instagram.com/goldbot') },
    { id: 'discord', label: 'Discord', href: readUrl('VITE_DISCORD_URL', 'https://discord.gg/goldbot') },
  ],
} as const;

export type SocialNetwork = (typeof siteConfig.socialLinks)[number]['id'];
