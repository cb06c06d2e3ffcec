/**
 * The hero's avatar: a local illustration of the bot at work (no third-party image). Inline, so it
 * costs no request and scales crisply; described by its title for screen readers.
 */
export function HeroAvatar() {
  return (
    <svg className="hero-avatar" viewBox="0 0 320 320" role="img" aria-labelledby="hero-avatar-title">
      <title id="hero-avatar-title">The GoldBot trading assistant watching a rising gold chart</title>
      <defs>
        <linearGradient id="hero-avatar-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3da8b" />
          <stop offset="1" stopColor="#b8901f" />
        </linearGradient>
        <linearGradient id="hero-avatar-face" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1b2c4f" />
          <stop offset="1" stopColor="#0e1a31" />
        </linearGradient>
        <radialGradient id="hero-avatar-glow">
          <stop offset="0" stopColor="#d4af37" stopOpacity="0.45" />
          <stop offset="1" stopColor="#d4af37" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="160" r="158" fill="url(#hero-avatar-glow)" />
      <circle cx="160" cy="160" r="132" fill="#0f1c36" stroke="url(#hero-avatar-gold)" strokeWidth="6" />
      {/* Chart behind the bot */}
      <g opacity="0.55" stroke="#3ecf8e" strokeWidth="3" strokeLinecap="round">
        <path d="M70 200v-26M92 192v-34M114 180v-22M136 166v-38M204 150v-40M226 138v-30M248 122v-36" />
      </g>
      <path
        d="M62 214 104 190 132 198 170 158 210 168 258 112"
        fill="none"
        stroke="url(#hero-avatar-gold)"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="m242 108 18-2-4 18" fill="none" stroke="#e9c96a" strokeWidth="5" strokeLinecap="round" />
      {/* Bot head */}
      <line x1="160" y1="74" x2="160" y2="94" stroke="url(#hero-avatar-gold)" strokeWidth="5" />
      <circle cx="160" cy="68" r="9" fill="url(#hero-avatar-gold)" />
      <rect
        x="104"
        y="94"
        width="112"
        height="92"
        rx="28"
        fill="url(#hero-avatar-face)"
        stroke="url(#hero-avatar-gold)"
        strokeWidth="5"
      />
      <rect x="94" y="124" width="10" height="30" rx="5" fill="url(#hero-avatar-gold)" />
      <rect x="216" y="124" width="10" height="30" rx="5" fill="url(#hero-avatar-gold)" />
      <circle cx="140" cy="136" r="11" fill="#e9c96a" />
      <circle cx="180" cy="136" r="11" fill="#e9c96a" />
      <circle cx="143" cy="133" r="4" fill="#0b1426" />
      <circle cx="183" cy="133" r="4" fill="#0b1426" />
      <path d="M142 162q18 12 36 0" fill="none" stroke="#e9c96a" strokeWidth="5" strokeLinecap="round" />
      {/* Shoulders with the gold coin badge */}
      <path d="M96 262c6-40 34-62 64-62s58 22 64 62" fill="#16243f" stroke="url(#hero-avatar-gold)" strokeWidth="5" />
      <circle cx="160" cy="238" r="20" fill="url(#hero-avatar-gold)" />
      <text x="160" y="245" textAnchor="middle" fontSize="20" fontWeight="700" fill="#14110a" fontFamily="system-ui">
        Au
      </text>
    </svg>
  );
}
