/**
 * The picture of a WeChat share card. WeChat's cards show PNG or JPEG only (an SVG shows as a grey
 * square), so the shield of favicon.svg is kept as a 300×300 PNG in `public/`.
 */
export const SHARE_ICON = '/share-icon.png';
