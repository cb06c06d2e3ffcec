import { UI } from '@goldbot/shared';
import { withQuery } from '@/config/site';
import { classNames } from '@/lib/class-names';

interface VideoEmbedProps {
  /** The player's embed address. */
  url: string;
  title: string;
  className?: string;
}

/**
 * An embedded video player, 600x450 and scaled down on narrow screens, that starts at once:
 * muted, as browsers autoplay only muted video (the viewer can unmute in the player).
 */
export function VideoEmbed({ url, title, className }: VideoEmbedProps) {
  return (
    <iframe
      className={classNames('video-embed', className)}
      src={withQuery(url, { autoplay: '1', mute: '1', rel: '0' })}
      title={title}
      width={UI.videoFrame.width}
      height={UI.videoFrame.height}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
