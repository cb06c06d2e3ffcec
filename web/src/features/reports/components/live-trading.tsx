import { useState } from 'react';
import { PlayIcon } from '@/components/ui/icons';
import { siteConfig } from '@/config/site';
import { VideoEmbed } from '@/components/ui/video-embed';

/**
 * "See Live Trading": the embedded live-trading video. A light placeholder stands in until the
 * visitor presses play, so no third-party player loads (or tracks) before anyone asks for it.
 */
export function LiveTrading() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="live-trading">
      {playing ? (
        <VideoEmbed
          className="live-trading__frame"
          url={siteConfig.liveTradingVideoUrl}
          title="GoldBot live trading session"
        />
      ) : (
        <div className="live-trading__poster">
          <p className="live-trading__caption">
            Watch GoldBot trade XAUUSD on a live MetaTrader 5 account, trade by trade.
          </p>
          <button type="button" className="live-trading__play" onClick={() => setPlaying(true)}>
            <span className="live-trading__play-icon">
              <PlayIcon size={28} />
            </span>
            Play live trading video
          </button>
        </div>
      )}
    </div>
  );
}
