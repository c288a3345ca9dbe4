import type { ReactNode } from 'react';

/*
 * Line icons drawn for this app (24×24, stroke = currentColor), so no icon font or image request
 * is needed on the first screen.
 */
function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export const ICONS = {
  shield: (
    <Svg>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
      <path d="M9 12l2 2 4-4" />
    </Svg>
  ),
  medical: (
    <Svg>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <path d="M12 8v8M8 12h8" />
    </Svg>
  ),
  plane: (
    <Svg>
      <path d="M10.5 13.5L3 11l1.5-1.5 8 1 4-4.5c1-1 2.5-1.2 3-.5.6.6.4 2-.5 3l-4.5 4 1 8L14 22l-2.5-7.5" />
    </Svg>
  ),
  team: (
    <Svg>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16 14.2c2.9.3 5 2.7 5 5.8" />
    </Svg>
  ),
  policy: (
    <Svg>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M14 3v5h5M9 12h7M9 16h5" />
    </Svg>
  ),
  claim: (
    <Svg>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
      <path d="M12 8v5M12 16h.01" />
    </Svg>
  ),
  guide: (
    <Svg>
      <path d="M4 5c2.7-1.3 5.3-1.3 8 0v15c-2.7-1.3-5.3-1.3-8 0z" />
      <path d="M12 5c2.7-1.3 5.3-1.3 8 0v15c-2.7-1.3-5.3-1.3-8 0" />
    </Svg>
  ),
  help: (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 014.6 1.3c0 1.7-2.1 2-2.1 3.7M12 17h.01" />
    </Svg>
  ),
  user: (
    <Svg>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
    </Svg>
  ),
  draft: (
    <Svg>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M9 17l1-3 5-5 2 2-5 5z" />
    </Svg>
  ),
  order: (
    <Svg>
      <rect x="4" y="4" width="16" height="17" rx="2" />
      <path d="M8 2v4M16 2v4M8 11h8M8 15h5" />
    </Svg>
  ),
  invoice: (
    <Svg>
      <path d="M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </Svg>
  ),
  wallet: (
    <Svg>
      <rect x="3" y="6" width="18" height="14" rx="2" />
      <path d="M3 10h18M16 15h2M6 6l9-3 1 3" />
    </Svg>
  ),
  building: (
    <Svg>
      <rect x="5" y="3" width="14" height="18" rx="1" />
      <path d="M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2M10 21v-3h4v3" />
    </Svg>
  ),
  share: (
    <Svg>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </Svg>
  ),
  userAdd: (
    <Svg>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 21c0-3.9 3.1-7 7-7 1.4 0 2.6.4 3.7 1M18 14v6M15 17h6" />
    </Svg>
  ),
  idCard: (
    <Svg>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2" />
      <path d="M6 16c.6-1.4 1.7-2 3-2s2.4.6 3 2M14 10h4M14 14h3" />
    </Svg>
  ),
  lock: (
    <Svg>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 018 0v4M12 15v2" />
    </Svg>
  ),
  edit: (
    <Svg>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13 7l4 4" />
    </Svg>
  ),
  star: (
    <Svg>
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </Svg>
  ),
  bell: (
    <Svg>
      <path d="M6 16V11a6 6 0 0112 0v5l2 2H4z" />
      <path d="M10 21h4" />
    </Svg>
  ),
  gift: (
    <Svg>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M5 13v8h14v-8M12 8v13M12 8c-1.5-3-5-3.5-5-1.5S10 8 12 8zM12 8c1.5-3 5-3.5 5-1.5S14 8 12 8z" />
    </Svg>
  ),
  chart: (
    <Svg>
      <path d="M4 20V10M10 20V4M16 20v-7M21 20H3" />
    </Svg>
  ),
  phone: (
    <Svg>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />
    </Svg>
  ),
  check: (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12l3 3 5-6" />
    </Svg>
  ),
  cross: (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </Svg>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof ICONS;
