import type { ReactNode } from 'react';
import { CONTACT } from '@goldbot/shared';
import { SUPPORT_EMAIL } from '@/config/brand';
import './support-channels.css';

const ICON_PROPS = {
  width: 28,
  height: 28,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

function EnvelopeIcon() {
  return (
    <svg {...ICON_PROPS}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg {...ICON_PROPS}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </svg>
  );
}

function CommunityIcon() {
  return (
    <svg {...ICON_PROPS}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.2A5 5 0 0 1 21.5 19" />
    </svg>
  );
}

interface SupportChannel {
  title: string;
  icon: ReactNode;
  description: ReactNode;
}

const SUPPORT_CHANNELS: readonly SupportChannel[] = [
  {
    title: 'E-mail support',
    icon: <EnvelopeIcon />,
    description: (
      <>
        Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> at any time; we answer {CONTACT.responseTime}.
      </>
    ),
  },
  {
    title: 'Live chat',
    icon: <ChatIcon />,
    description: `Talk to our support team in real time during working hours, ${CONTACT.workingHours}.`,
  },
  {
    title: 'Community chat',
    icon: <CommunityIcon />,
    description: 'Join other GoldBot traders on Discord to share results, settings and tips.',
  },
];

/** The three ways to reach support (e-mail, live chat, community chat). */
export function SupportChannels() {
  return (
    <ul className="support-channels">
      {SUPPORT_CHANNELS.map((channel) => (
        <li key={channel.title} className="support-channels__card">
          <span className="support-channels__icon">{channel.icon}</span>
          <h3 className="support-channels__title">{channel.title}</h3>
          <p className="support-channels__text">{channel.description}</p>
        </li>
      ))}
    </ul>
  );
}
