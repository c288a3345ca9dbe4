import {
  CLAIM_FILE_MAX_BYTES,
  CLAIM_FILE_MIMES,
  CLAIM_FILES_MAX,
  CLAIM_GUIDE,
  CLAIM_HOTLINE,
  CLAIM_HOTLINE_HOURS,
  CLAIM_MATERIALS_BY_TYPE,
  CLAIM_TYPE_LABELS,
  CLAIM_TYPES,
  type ClaimGuide,
  type ClaimMaterial,
  type ClaimType,
} from '#shared/claims.ts';
import type { Language } from '#shared/constants.ts';
import { renderText } from '../../lib/texts/render.ts';

/** `GET /claims/guide` (no sign-in): the facts of the H5's claim page, from src/shared/claims.ts. */
export function claimGuide(): ClaimGuide {
  return {
    steps: [...CLAIM_GUIDE.steps],
    law: CLAIM_GUIDE.law,
    types: CLAIM_TYPES.map((type) => ({
      type,
      label: CLAIM_TYPE_LABELS[type],
      documents: [...CLAIM_GUIDE.documents[type]],
    })),
    hotline: { number: CLAIM_HOTLINE, hours: CLAIM_HOTLINE_HOURS },
    limits: { fileTypes: [...CLAIM_FILE_MIMES], maxFileBytes: CLAIM_FILE_MAX_BYTES, maxFiles: CLAIM_FILES_MAX },
  };
}

/** The materials a claim of `type` needs, as codes (the H5 names them itself) and texts in `language`. */
export function materialsOf(type: ClaimType, language: Language): { code: ClaimMaterial; text: string }[] {
  return CLAIM_MATERIALS_BY_TYPE[type].map((code) => ({ code, text: renderText(language, `claim.doc.${code}`) }));
}
