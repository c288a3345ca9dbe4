import {
  CLAIM_FILE_MAX_BYTES,
  CLAIM_FILE_MIMES,
  CLAIM_FILES_MAX,
  CLAIM_GUIDE_STEPS,
  CLAIM_HOTLINE,
  CLAIM_MATERIAL_KEYS,
  CLAIM_MATERIALS_BY_TYPE,
  CLAIM_TYPE_KEYS,
  CLAIM_TYPES,
  type ClaimGuide,
  type ClaimMaterial,
  type ClaimType,
} from '#shared/claims.ts';
import type { Language } from '#shared/constants.ts';
import { renderText } from '../../lib/texts/render.ts';

/** `GET /claims/guide` (no sign-in): the facts of the H5's claim page, by the same keys, in `language`. */
export function claimGuide(language: Language): ClaimGuide {
  return {
    steps: CLAIM_GUIDE_STEPS.map((step) => ({
      title: renderText(language, step.title),
      text: renderText(language, step.text),
    })),
    law: renderText(language, 'claim.guide.law'),
    types: CLAIM_TYPES.map((type) => ({
      type,
      label: renderText(language, CLAIM_TYPE_KEYS[type]),
      documents: materialsOf(type, language).map((m) => m.text),
    })),
    hotline: { number: CLAIM_HOTLINE, hours: renderText(language, 'claims.hotlineHours') },
    limits: { fileTypes: [...CLAIM_FILE_MIMES], maxFileBytes: CLAIM_FILE_MAX_BYTES, maxFiles: CLAIM_FILES_MAX },
  };
}

/** The materials a claim of `type` needs, as codes (the H5 names them itself) and texts in `language`. */
export function materialsOf(type: ClaimType, language: Language): { code: ClaimMaterial; text: string }[] {
  return CLAIM_MATERIALS_BY_TYPE[type].map((code) => ({ code, text: renderText(language, CLAIM_MATERIAL_KEYS[code]) }));
}
