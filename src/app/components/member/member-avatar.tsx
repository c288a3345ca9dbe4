import { Avatar } from 'antd-mobile';

/**
 * The member's picture beside their name: decorative (the name beside it says who it is), so
 * hidden from screen readers, the default picture's stray SVG title included
 * (docs/accessibility.md#screen-readers).
 */
export function MemberAvatar({ src, className }: { src: string | undefined; className?: string }) {
  return <Avatar src={src ?? ''} alt="" aria-hidden className={className} />;
}
