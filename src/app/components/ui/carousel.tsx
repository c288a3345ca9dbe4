import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './carousel.module.css';

interface CarouselProps {
  children: ReactNode;
  /** Milliseconds per slide; autoplay pauses while the user touches the carousel. */
  interval?: number;
  label: string;
}

/**
 * A banner carousel on native scroll snapping: swiping is the browser's own, so it needs no
 * gesture or animation library and keeps the home screen within its first-load budget.
 */
export function Carousel({ children, interval = 4000, label }: CarouselProps) {
  const slides = Children.toArray(children);
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const held = useRef(false);

  useEffect(() => {
    const el = track.current;
    if (!el || slides.length < 2) return undefined;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced) return undefined;
    const timer = setInterval(() => {
      if (held.current || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % slides.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, interval);
    return () => clearInterval(timer);
  }, [slides.length, interval]);

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
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
