import { Modal } from '@/components/ui/modal';
import { siteConfig, VIDEO_FRAME_TITLE } from '@/config/site';
import { VideoEmbed } from '@/components/ui/video-embed';

/** "See Live Proofs": the proof video, 600x450, playing on open. */
export function LiveProofModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Live trading proof" onClose={onClose} className="live-proof-modal">
      <div className="live-proof-modal__frame">
        <VideoEmbed url={siteConfig.liveProofVideoUrl} title={VIDEO_FRAME_TITLE} />
      </div>
    </Modal>
  );
}
