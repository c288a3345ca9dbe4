import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { languageAtom, loadDictionaries } from '../../i18n/index.ts';

/**
 * Whether the views' texts of the current language are loaded. The sign-in form's SMS, consent and
 * forgotten-password texts live there, and the dialog may open over the home page, which loads
 * only its own small part.
 */
export function useViewTexts(): boolean {
  const language = useAtomValue(languageAtom);
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadDictionaries(language).then(
      () => live && setReady(language),
      () => live && setReady(language),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return ready === language;
}
