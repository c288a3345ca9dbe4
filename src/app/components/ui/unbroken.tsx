import { Fragment, type ReactNode } from 'react';
import styles from './ui.module.css';

/**
 * Values a line must never split (docs/decisions/visual-rules.md): dates (2027-11-27), masked ID
 * numbers (1101**********123X) and masked mobiles (139****5678). A browser breaks after a date's
 * hyphen, and a narrow box splits an ID number anywhere.
 */
const VALUE = /\d{4}-\d{2}-\d{2}|[\dA-Z]{4}\*{10}[\dXx]{4}|\d{3}\*{4}\d{4}/g;

/** `text` with each such value kept on one line; the words around them still wrap. */
export function Unbroken({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(VALUE)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <span key={match.index} className={styles.unbroken}>
        {match[0]}
      </span>,
    );
    at = match.index + match[0].length;
  }
  if (at === 0) return text;
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
