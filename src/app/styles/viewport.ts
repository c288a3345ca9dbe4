import { PX_TO_REM_ROOT } from '#shared/constants.ts';

/** Designs are drawn 375 px wide; wider screens get a centred column of at most 540 px (docs/decisions.md#screen-layout). */
export const DESIGN_WIDTH = 375;
export const MAX_COLUMN_WIDTH = 540;

/** `192px × min(viewport width, 540) / 375`: one design px is one CSS px on a 375 px phone. */
export function rootFontSize(viewportWidth: number): number {
  return (PX_TO_REM_ROOT * Math.min(viewportWidth, MAX_COLUMN_WIDTH)) / DESIGN_WIDTH;
}

function apply(): void {
  const width = document.documentElement.clientWidth || window.innerWidth;
  document.documentElement.style.fontSize = `${rootFontSize(width)}px`;
}

/** Sets the root font size now and whenever the viewport changes (rotation, desktop resize). */
export function installRootFontSize(): void {
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
  // WeChat restores pages from its cache without a resize.
  window.addEventListener('pageshow', (event) => event.persisted && apply());
}
