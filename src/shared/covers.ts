/**
 * Product covers are CSS gradients chosen by key: no remote images in the H5. A file without zod,
 * so the H5's product views can import the values without pulling the schemas into their chunks.
 */
export const COVER_GRADIENTS = {
  sky: 'linear-gradient(135deg, #4facfe 0%, #00f2fe 100%)',
  sunrise: 'linear-gradient(135deg, #f6d365 0%, #fda085 100%)',
  forest: 'linear-gradient(135deg, #43e97b 0%, #38f9d7 100%)',
  ocean: 'linear-gradient(135deg, #2b5876 0%, #4e4376 100%)',
  violet: 'linear-gradient(135deg, #a18cd1 0%, #fbc2eb 100%)',
  coral: 'linear-gradient(135deg, #ff9a9e 0%, #fecfef 100%)',
} as const;
export type CoverKey = keyof typeof COVER_GRADIENTS;
