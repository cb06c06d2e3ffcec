import { memo, type CSSProperties } from 'react';
import { UI } from '@goldbot/shared';

/** A small seeded generator: the same dots on every render and every visit. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Dot {
  left: string;
  top: string;
  size: string;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The three particle layers: 30, 25 and 20 dots at opacity 0.3, 0.4 and 0.5. */
export const PARTICLE_LAYERS = UI.heroParticleLayers.map((layer, layerIndex) => {
  const random = seededRandom(2024 + layerIndex * 7919);
  const dots: Dot[] = Array.from({ length: layer.dots }, () => ({
    left: `${round(random() * 100)}%`,
    top: `${round(random() * 100)}%`,
    // Nearer layers (higher opacity) get slightly bigger dots, for depth.
    size: `${round(2 + random() * 2 + layerIndex)}px`,
  }));
  return { ...layer, dots };
});

/**
 * The hero's decoration: particle layers drifting at different speeds
 * behind the whole hero, and five concentric circles around the avatar. Purely visual, so hidden
 * from assistive technology; all motion stops under prefers-reduced-motion (hero.css).
 */
export const HeroDecor = memo(function HeroDecor() {
  return (
    <div className="hero-decor" aria-hidden="true">
      {PARTICLE_LAYERS.map((layer, index) => (
        <div
          key={index}
          className={`hero-decor__layer hero-decor__layer--${index + 1}`}
          style={{ opacity: layer.opacity }}
          data-testid="hero-particle-layer"
        >
          {layer.dots.map((dot, dotIndex) => (
            <span
              key={dotIndex}
              className="hero-decor__dot"
              style={{ left: dot.left, top: dot.top, width: dot.size, height: dot.size }}
            />
          ))}
        </div>
      ))}
    </div>
  );
});

export const HeroCircles = memo(function HeroCircles() {
  return (
    <div className="hero-decor__circles" aria-hidden="true">
      {Array.from({ length: UI.heroCircleLayers }, (_, index) => (
        <span
          key={index}
          className="hero-decor__circle"
          style={{ '--circle-index': index } as CSSProperties}
          data-testid="hero-circle-layer"
        />
      ))}
    </div>
  );
});
