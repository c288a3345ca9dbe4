import type { LegalTexts } from './legal-text.ts';

/** The user agreement and the privacy policy in Polish (versions in src/shared/consent.ts). */
export const legalTextsPl: LegalTexts = {
  terms: {
    title: 'Regulamin usługi',
    sections: [
      {
        heading: '1. Zakres',
        paragraphs: [
          'Regulamin określa zasady korzystania z platformy: zakupu ubezpieczeń, przeglądania polis, zgłaszania szkód i usług z nimi związanych. Zaznaczając zgodę i logując się, potwierdzasz, że przeczytałeś(-aś) i akceptujesz cały regulamin.',
        ],
      },
      {
        heading: '2. Konto',
        paragraphs: [
          'Możesz logować się przez WeChat, kodem SMS lub loginem i hasłem. Przy pierwszym logowaniu kodem SMS zakładamy konto przypisane do tego numeru telefonu.',
          'Chroń swoje hasło i kody SMS; za skutki ich ujawnienia odpowiadasz sam(a). Jeśli ktoś przejął konto, natychmiast zmień hasło funkcją „Nie pamiętasz hasła?” albo skontaktuj się z obsługą.',
        ],
      },
      {
        heading: '3. Ubezpieczenie i szkody',
        paragraphs: [
          'Dane ubezpieczającego i ubezpieczonego oraz informacje o stanie zdrowia podawaj zgodnie z prawdą; nieprawdziwe dane mogą prowadzić do odstąpienia ubezpieczyciela od umowy lub odmowy wypłaty.',
          'Zakres ochrony, wyłączenia, okres na odstąpienie i zasady rezygnacji określają warunki ubezpieczenia danego produktu. Zgłoszenia szkód rozpatruje ubezpieczyciel.',
        ],
      },
      {
        heading: '4. Partnerzy i polecenia',
        paragraphs: [
          'Jeśli rejestrujesz się lub kupujesz przez link partnera, zapisujemy relację polecenia na potrzeby rozliczenia prowizji; nie wpływa ona na Twoje prawa z ubezpieczenia.',
        ],
      },
      {
        heading: '5. Zasady korzystania',
        paragraphs: [
          'Nie wolno używać platformy niezgodnie z prawem, ubezpieczać się cudzą tożsamością ani składać fałszywych dokumentów szkodowych. W takim przypadku możemy zawiesić lub zakończyć świadczenie usługi.',
        ],
      },
      {
        heading: '6. Zmiany regulaminu',
        paragraphs: [
          'Po zmianie regulaminu poprosimy Cię o ponowną akceptację przy następnym logowaniu; jeśli się nie zgadzasz, możesz przestać korzystać z platformy.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Polityka prywatności',
    sections: [
      {
        heading: '1. Jakie dane zbieramy',
        paragraphs: [
          'Logowanie: numer telefonu, identyfikator WeChat (openid), pseudonim i zdjęcie profilowe.',
          'Ubezpieczenie i szkody: imię i nazwisko, numer dokumentu i dane kontaktowe ubezpieczającego i ubezpieczonych oraz przesłane dokumenty szkodowe.',
        ],
      },
      {
        heading: '2. W jakim celu',
        paragraphs: [
          'Do potwierdzania tożsamości, wystawiania polis, obsługi szkód, wystawiania faktur, wysyłania powiadomień i rozliczania prowizji; nie używamy ich do innych celów.',
        ],
      },
      {
        heading: '3. Udostępnianie i powierzenie',
        paragraphs: [
          'Niezbędne dane przekazujemy ubezpieczycielowi w celu zawarcia umowy i likwidacji szkód; SMS-y, płatności i e-faktury obsługują nasi podwykonawcy. Nie sprzedajemy danych osobowych.',
        ],
      },
      {
        heading: '4. Przechowywanie i ochrona',
        paragraphs: [
          'Numery dokumentów i telefonów pokazujemy zamaskowane; hasła i kody SMS przechowujemy wyłącznie w postaci nieodwracalnej. Dane polis przechowujemy przez okres wymagany przepisami.',
        ],
      },
      {
        heading: '5. Twoje prawa',
        paragraphs: [
          'W zakładce „Mój profil” możesz sprawdzić i poprawić swoje dane, zmienić telefon i hasło, a przez obsługę usunąć konto lub wycofać zgodę; wycofanie nie wpływa na wcześniejsze przetwarzanie.',
        ],
      },
      {
        heading: '6. Osoby niepełnoletnie',
        paragraphs: ['Osoby poniżej 18 lat mogą korzystać z platformy tylko za zgodą i pod opieką opiekuna prawnego.'],
      },
    ],
  },
};
