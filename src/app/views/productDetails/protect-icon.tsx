import type { ProtectIcon as ProtectIconKey } from '#shared/catalogue.ts';
import styles from './product-details.module.css';

/** Colour and glyph (24×24 path) per icon key of the catalogue's coverage lines. */
const ICONS: Record<ProtectIconKey, { tone: string; d: string }> = {
  death: { tone: '#5c6370', d: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z' },
  disability: { tone: '#6b4fd8', d: 'M12 3a2 2 0 110 4 2 2 0 010-4zM7 10h10M12 10v5M9 21l3-6 3 6' },
  'accident-medical': { tone: '#00794f', d: 'M4 4h16v16H4zM12 8v8M8 12h8' },
  allowance: { tone: '#a15c00', d: 'M4 7h16v12H4zM4 11h16M8 15h3' },
  'sudden-death': { tone: '#c7361f', d: 'M3 12h4l2-5 4 10 2-5h6' },
  hospital: { tone: '#0a5fd8', d: 'M3 20h18M5 20V8l7-4 7 4v12M10 12h4M12 10v4' },
  'critical-illness': { tone: '#c41d7f', d: 'M12 20s-7-4.3-7-9.5A4 4 0 0112 8a4 4 0 017 2.5C19 15.7 12 20 12 20z' },
  outpatient: { tone: '#0e7c7b', d: 'M6 3v6a4 4 0 008 0V3M10 13v3a4 4 0 008 0v-2M18 12a2 2 0 100-4 2 2 0 000 4z' },
  drug: { tone: '#2f7a0a', d: 'M8 4h8v4H8zM7 8h10v12H7zM12 11v6M9 14h6' },
  rescue: { tone: '#c7361f', d: 'M12 21s-7-4.5-7-10a4 4 0 017-2.6A4 4 0 0119 11c0 5.5-7 10-7 10zM12 10v4M10 12h4' },
  baggage: { tone: '#c27c0e', d: 'M5 8h14v12H5zM9 8V5h6v3M9 12v4M15 12v4' },
  delay: { tone: '#b45309', d: 'M12 3a9 9 0 110 18 9 9 0 010-18zM12 7v5l3 2' },
  liability: { tone: '#2f54eb', d: 'M12 3v18M5 7h14M5 7l-2 6h4zM19 7l-2 6h4z' },
  legal: { tone: '#5c6370', d: 'M6 3h9l4 4v14H6zM9 12h7M9 16h5M14 3v5h5' },
};

/** The round icon in front of a coverage line; an unknown key falls back to the shield. */
export function ProtectIcon({ kind }: { kind: string }) {
  const icon = ICONS[kind as ProtectIconKey] ?? ICONS.death;
  return (
    <span className={styles.protectIcon} style={{ color: icon.tone, background: `${icon.tone}1a` }} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={icon.d} />
      </svg>
    </span>
  );
}
