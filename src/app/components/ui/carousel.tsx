import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './carousel.module.css';

interface CarouselProps {
  children: ReactNode;
  /** Milliseconds per slide; autoplay pauses while the user touches the carousel or a control in it has focus. */
  interval?: number;
  /** Off: the slides move only when swiped (长辈版). */
  autoplay?: boolean;
  label: string;
  /** Names of the pause and play button (WCAG 2.2.2: what moves by itself can be stopped). */
  pauseLabel: string;
  playLabel: string;
}

/**
 * A banner carousel on native scroll snapping: swiping is the browser's own, so it needs no
 * gesture or animation library and keeps the home screen within its first-load budget.
 */
export function Carousel({ children, interval = 4000, autoplay = true, label, pauseLabel, playLabel }: CarouselProps) {
  const slides = Children.toArray(children);
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const held = useRef(false);
  const moving = autoplay && slides.length > 1;

  useEffect(() => {
    const el = track.current;
    if (!el || !moving || paused) return undefined;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced) return undefined;
    const timer = setInterval(() => {
      if (held.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % slides.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, interval);
    return () => clearInterval(timer);
  }, [slides.length, interval, moving, paused]);

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onFocus={() => {
        held.current = true;
      }}
      onBlur={() => {
        held.current = false;
      }}
    >
      <div
        ref={track}
        className={styles.track}
        onScroll={onScroll}
        onTouchStart={() => {
          held.current = true;
        }}
        onTouchEnd={() => {
          held.current = false;
        }}
      >
        {slides.map((slide, i) => (
          <div key={i} className={styles.slide} aria-roledescription="slide" aria-label={`${i + 1} / ${slides.length}`}>
            {slide}
          </div>
        ))}
      </div>
      {moving && (
        <button
          type="button"
          className={styles.pause}
          aria-label={paused ? playLabel : pauseLabel}
          onClick={() => setPaused(!paused)}
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="currentColor">
            {paused ? <path d="M8 5l11 7-11 7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
          </svg>
        </button>
      )}
      {slides.length > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {slides.map((_, i) => (
            <span key={i} className={i === current ? `${styles.dot} ${styles.dotOn}` : styles.dot} />
          ))}
        </div>
      )}
    </div>
  );
}
