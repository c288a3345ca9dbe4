import type { LegalDocument } from '#shared/consent.ts';

/** One legal document as the H5 shows it: a title and sections of paragraphs. */
export interface LegalText {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export type LegalTexts = Record<LegalDocument, LegalText>;
