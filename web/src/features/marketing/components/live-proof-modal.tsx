import { UI } from '@goldbot/shared';
import { Modal } from '@/components/ui/modal';
import { siteConfig, VIDEO_FRAME_TITLE, withQuery } from '@/config/site';

/** "See Live Proofs": the proof video, 600x450, playing on open. */
export function LiveProofModal({ onClose }: { onClose: () => void }) {
  // Browsers only autoplay muted video; the viewer can unmute in the player.
  const src = withQuery(siteConfig.liveProofVideoUrl, { autoplay: '1', mute: '1', rel: '0' });
  return (
    <Modal title="Live trading proof" onClose={onClose} className="live-proof-modal">
      <div className="live-proof-modal__frame">
        <iframe
          src={src}
          title={VIDEO_FRAME_TITLE}
          width={UI.videoFrame.width}
          height={UI.videoFrame.height}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </Modal>
  );
}
