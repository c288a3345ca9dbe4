import type { ProductLocale } from '#shared/catalogue.ts';

/*
 * Polish texts of the demo catalogue (docs/decisions/catalogue-translations.md): names, taglines, tags,
 * plans and coverages, term labels, highlights, document titles, the health notice and its
 * questions. The long document texts stay Chinese (the fallback): they are the insurer's wording,
 * translated by them.
 */

type CoverageText = { name: string; description: string };
const cv = (name: string, description: string): CoverageText => ({ name, description });

const INSURER_PC = 'Demo Towarzystwo Ubezpieczeń Majątkowych S.A.';
const INSURER_HEALTH = 'Demo Towarzystwo Ubezpieczeń Zdrowotnych S.A.';
const YEAR = { 365: '1 rok' };
const days = (list: number[]) => Object.fromEntries(list.map((d) => [String(d), `${d} dni`]));

/**
 * The health notice's own text: the duty to disclose truthfully (Insurance Law art. 16) and what a
 * "yes" means. A reader must understand it to answer, so it is translated like the questions.
 */
const HEALTH_NOTICE = [
  'Prosimy o zgodne z prawdą podanie informacji o stanie zdrowia ubezpieczonego. Zgodnie z art. 16 ' +
    'ustawy o ubezpieczeniach Chińskiej Republiki Ludowej, jeżeli ubezpieczający umyślnie lub wskutek ' +
    'rażącego niedbalstwa nie dopełni obowiązku zgodnego z prawdą poinformowania, a mogłoby to wpłynąć ' +
    'na decyzję ubezpieczyciela o zawarciu umowy lub o podwyższeniu składki, ubezpieczyciel ma prawo ' +
    'rozwiązać umowę i nie odpowiada za zdarzenia ubezpieczeniowe, które zaszły przed jej rozwiązaniem.',
  'Jeżeli na którekolwiek z poniższych pytań odpowiedź brzmi „tak”, tego produktu nie można kupić online.',
].join('\n\n');

function documents(clauseTitle: string, questions?: string[]): ProductLocale['documents'] {
  return {
    clause: { title: clauseTitle },
    notice: { title: 'Informacje przed zawarciem umowy' },
    exclusions: { title: 'Wyłączenia odpowiedzialności' },
    ...(questions
      ? {
          health: {
            title: 'Ankieta medyczna',
            content: HEALTH_NOTICE,
            questions: Object.fromEntries(questions.map((q, i) => [`q${i + 1}`, q])),
          },
        }
      : {}),
  };
}

const DEATH_ACCIDENT = (what = 'nieszczęśliwego wypadku') =>
  cv(
    'Śmierć i inwalidztwo (NW)',
    `Przy śmierci lub inwalidztwie w wyniku ${what} wypłata według sumy ubezpieczenia i stopnia inwalidztwa.`,
  );
const ALLOWANCE = (maxDays: number) =>
  cv(
    'Dzienne świadczenie szpitalne (NW)',
    `Za każdy dzień pobytu w szpitalu po nieszczęśliwym wypadku, najdłużej ${maxDays} dni za jeden pobyt.`,
  );

const accident: ProductLocale = {
  name: 'Kompleksowe ubezpieczenie NNW',
  tagline: 'Koszty leczenia bez udziału własnego, spokojny rok w drodze i w pracy',
  insurer: INSURER_PC,
  tags: ['Bez udziału własnego', 'Opcja: nagły zgon', 'Zawody klas 1–4'],
  highlights: [
    'Koszty leczenia po NW bez udziału własnego',
    'Świadczenie szpitalne za każdy dzień',
    'Wariant Premium z nagłym zgonem',
  ],
  plans: {
    basic: {
      name: 'Podstawowy',
      coverages: [
        DEATH_ACCIDENT(),
        cv(
          'Koszty leczenia (NW)',
          'Uzasadnione koszty leczenia po nieszczęśliwym wypadku, bez udziału własnego, 100% w zakresie ubezpieczenia społecznego.',
        ),
        ALLOWANCE(90),
      ],
    },
    standard: {
      name: 'Standard',
      coverages: [
        DEATH_ACCIDENT(),
        cv(
          'Koszty leczenia (NW)',
          'Uzasadnione koszty leczenia po nieszczęśliwym wypadku, bez udziału własnego: 100% w zakresie ubezpieczenia społecznego, 80% poza nim.',
        ),
        ALLOWANCE(90),
      ],
    },
    premium: {
      name: 'Premium',
      coverages: [
        DEATH_ACCIDENT(),
        cv(
          'Koszty leczenia (NW)',
          'Uzasadnione koszty leczenia po nieszczęśliwym wypadku, bez udziału własnego, 100% bez względu na ubezpieczenie społeczne.',
        ),
        ALLOWANCE(180),
        cv(
          'Nagły zgon',
          'Wypłata, gdy ubezpieczony umrze w ciągu 24 godzin od nagłego zachorowania w okresie ubezpieczenia.',
        ),
      ],
    },
  },
  terms: YEAR,
  documents: documents('Ogólne warunki kompleksowego ubezpieczenia NNW'),
};

const childAccident: ProductLocale = {
  name: 'Ubezpieczenie NNW dla dzieci',
  tagline: 'Ochrona w szkole i poza nią (wycofane ze sprzedaży)',
  insurer: INSURER_PC,
  tags: ['Dla dzieci'],
  highlights: ['Ochrona całodobowa, w szkole i poza nią'],
  plans: {
    basic: {
      name: 'Podstawowy',
      coverages: [
        cv(
          'Śmierć i inwalidztwo (NW)',
          'Świadczenie z tytułu śmierci małoletniego do limitu ustalonego przez organ nadzoru.',
        ),
        cv('Koszty leczenia (NW)', 'Uzasadnione koszty leczenia po nieszczęśliwym wypadku, bez udziału własnego.'),
      ],
    },
  },
  terms: YEAR,
  documents: documents('Ogólne warunki ubezpieczenia NNW dla dzieci'),
};

const GENERAL_MEDICAL = cv(
  'Koszty leczenia – zakres ogólny',
  'Leczenie szpitalne, ambulatoryjne zabiegi i wizyty 30 dni przed i po pobycie w szpitalu; roczny udział własny 10 tys. juanów, 100% po rozliczeniu z ubezpieczeniem społecznym, 60% bez niego.',
);
const CRITICAL_MEDICAL = cv(
  'Koszty leczenia poważnych chorób',
  'Koszty leczenia po rozpoznaniu poważnej choroby wymienionej w umowie, bez udziału własnego.',
);

const millionMedical: ProductLocale = {
  name: 'Ubezpieczenie medyczne „Milion”',
  tagline: 'Leczenie ogólne do 3 mln, poważne choroby do 6 mln',
  insurer: INSURER_HEALTH,
  tags: ['Poważne choroby bez udziału własnego', 'Opcja: leki poza szpitalem', 'Wspólny udział rodziny'],
  highlights: [
    'Koszty leczenia szpitalnego do 6 mln',
    'Poważne choroby bez udziału własnego',
    'Wariant Plus z protonoterapią i lekami specjalistycznymi',
  ],
  plans: {
    standard: { name: 'Standard', coverages: [GENERAL_MEDICAL, CRITICAL_MEDICAL] },
    plus: {
      name: 'Plus',
      coverages: [
        GENERAL_MEDICAL,
        CRITICAL_MEDICAL,
        cv(
          'Terapia protonowa i ciężkojonowa',
          'Koszty radioterapii protonowej lub ciężkojonowej we wskazanych placówkach, bez udziału własnego.',
        ),
        cv(
          'Leki specjalistyczne poza szpitalem',
          'Leki z listy kupione we wskazanych aptekach po rozpoznaniu nowotworu złośliwego lub innej poważnej choroby, bez udziału własnego.',
        ),
      ],
    },
  },
  terms: YEAR,
  documents: documents('Ogólne warunki indywidualnego ubezpieczenia kosztów leczenia szpitalnego', [
    'Czy w ciągu ostatnich dwóch lat ubezpieczony był leczony w szpitalu albo lekarz zalecił mu hospitalizację lub operację, której nie przeprowadzono?',
    'Czy ubezpieczony choruje lub chorował na nowotwór złośliwy, białaczkę, chłoniaka albo ma guz, guzek lub polip o nieustalonym charakterze?',
    'Czy ubezpieczony choruje lub chorował na nadciśnienie (II stopnia lub wyższego), chorobę wieńcową, zawał serca, udar niedokrwienny lub krwotoczny mózgu albo inną chorobę serca i naczyń?',
    'Czy ubezpieczony choruje lub chorował na cukrzycę, przewlekłe zapalenie wątroby, marskość wątroby, przewlekłą chorobę nerek lub niewydolność nerek?',
    'Czy ubezpieczony choruje lub chorował na chorobę psychiczną, padaczkę, chorobę wrodzoną lub genetyczną?',
    'Czy w ciągu ostatniego roku badania ubezpieczonego dały nieprawidłowy wynik, a lekarz zalecił ich powtórzenie lub dalszą diagnostykę?',
  ]),
};

const domesticPlan = (name: string, delay: boolean) => ({
  name,
  coverages: [
    DEATH_ACCIDENT('nieszczęśliwego wypadku w podróży'),
    cv(
      'Koszty leczenia (NW)',
      'Koszty leczenia po nieszczęśliwym wypadku w podróży, 100% po udziale własnym 100 juanów.',
    ),
    cv(
      'Utrata bagażu podręcznego',
      'Kradzież, rabunek lub zniszczenie rzeczy zabranych w podróż, do 500 juanów za sztukę.',
    ),
    ...(delay
      ? [
          cv(
            'Opóźnienie środka transportu',
            'Za opóźnienie lotu lub pociągu o co najmniej 4 godziny: 100 juanów za każde pełne 4 godziny, do sumy ubezpieczenia.',
          ),
        ]
      : []),
    cv(
      'Pomoc w nagłych wypadkach',
      'Całodobowa pomoc telefoniczna, organizacja leczenia i transport medyczny przez partnera assistance.',
    ),
  ],
});

const domesticTravel: ProductLocale = {
  name: 'Ubezpieczenie podróży krajowych',
  tagline: 'Samochodem czy z wycieczką – już od 3 juanów',
  insurer: INSURER_PC,
  tags: ['Na dni', 'Z opóźnieniem lotu'],
  highlights: [
    'Do wyboru 3, 7, 15 lub 30 dni',
    'Wariant Komfort z opóźnieniem transportu',
    'Pomoc w nagłych wypadkach przez całą podróż',
  ],
  plans: { economy: domesticPlan('Ekonomiczny', false), comfort: domesticPlan('Komfort', true) },
  terms: days([3, 7, 15, 30]),
  documents: documents('Ogólne warunki ubezpieczenia NNW w podróży krajowej'),
};

const ABROAD_DEATH = DEATH_ACCIDENT('nieszczęśliwego wypadku w podróży zagranicznej');
const EVACUATION = cv(
  'Transport medyczny i repatriacja',
  'Koszty transportu medycznego, powrotu do kraju i repatriacji zwłok zorganizowane przez partnera assistance.',
);

const overseasTravel: ProductLocale = {
  name: 'Ubezpieczenie podróży zagranicznych',
  tagline: 'Ważne do wizy Schengen, pomoc na całym świecie',
  insurer: INSURER_PC,
  tags: ['Wiza Schengen', 'Pomoc na świecie'],
  highlights: [
    'Suma spełnia wymogi wizy Schengen',
    'Leczenie za granicą bez udziału własnego',
    'Całodobowa pomoc na całym świecie',
  ],
  plans: {
    schengen: {
      name: 'Schengen Standard',
      coverages: [
        ABROAD_DEATH,
        cv(
          'Koszty leczenia za granicą',
          'Koszty leczenia za granicą po wypadku lub nagłym zachorowaniu, bez udziału własnego; spełnia wymóg 30 000 euro dla wizy Schengen.',
        ),
        EVACUATION,
      ],
    },
    global: {
      name: 'Świat Premium',
      coverages: [
        ABROAD_DEATH,
        cv(
          'Koszty leczenia za granicą',
          'Koszty leczenia za granicą po wypadku lub nagłym zachorowaniu, bez udziału własnego; bezgotówkowo w szpitalach partnerskich.',
        ),
        EVACUATION,
        cv(
          'Opóźnienie podróży',
          'Za opóźnienie transportu publicznego o co najmniej 5 godzin: 300 juanów za każde pełne 5 godzin.',
        ),
        cv(
          'Odpowiedzialność cywilna',
          'Odszkodowanie za szkody osobowe lub rzeczowe wyrządzone z winy ubezpieczonego osobom trzecim za granicą.',
        ),
      ],
    },
  },
  terms: days([7, 15, 30, 90]),
  documents: documents('Ogólne warunki ubezpieczenia NNW i kosztów leczenia w podróży zagranicznej'),
};

const employerPlan = (name: string) => ({
  name,
  coverages: [
    cv(
      'Śmierć i inwalidztwo pracownika',
      'Odpowiedzialność pracodawcy za śmierć lub inwalidztwo pracownika wskutek wypadku przy pracy lub choroby zawodowej.',
    ),
    cv('Koszty leczenia', 'Uzasadnione koszty leczenia po wypadku przy pracy, 100% po udziale własnym 100 juanów.'),
    cv(
      'Utracone zarobki',
      'Utracone zarobki w okresie czasowej niezdolności do pracy po wypadku przy pracy: 3 dni karencji, najdłużej 180 dni.',
    ),
    cv(
      'Koszty prawne',
      'Koszty postępowania sądowego lub arbitrażowego i pełnomocnika w sprawach roszczeń pracowników.',
    ),
  ],
});

const employerLiability: ProductLocale = {
  name: 'OC pracodawcy',
  tagline: 'Od 3 osób, zawody wszystkich klas 1–6',
  insurer: INSURER_PC,
  tags: ['Od 3 osób', 'Składka wg klasy zawodu', 'Import listy'],
  highlights: [
    'Przenosi ryzyko zatrudnienia z firmy',
    'Składka według klasy zawodu',
    'Import listy pracowników z pliku Excel',
  ],
  plans: { A: employerPlan('Wariant 1 (500 tys. na osobę)'), B: employerPlan('Wariant 2 (800 tys. na osobę)') },
  terms: YEAR,
  documents: documents('Ogólne warunki ubezpieczenia OC pracodawcy'),
};

const teamMedicalPlan = (name: string) => ({
  name,
  coverages: [
    cv(
      'Leczenie ambulatoryjne i pomoc doraźna',
      'Koszty wizyt ambulatoryjnych i pomocy doraźnej, udział własny 100 juanów za wizytę, 80% w zakresie ubezpieczenia społecznego.',
    ),
    cv('Leczenie szpitalne', 'Koszty leczenia szpitalnego, 90% w zakresie ubezpieczenia społecznego.'),
    cv(
      'Świadczenie z tytułu poważnej choroby',
      'Jednorazowa wypłata po rozpoznaniu poważnej choroby wymienionej w umowie.',
    ),
  ],
});

const teamMedical: ProductLocale = {
  name: 'Grupowe ubezpieczenie medyczne',
  tagline: 'Dodatkowa opieka ambulatoryjna i szpitalna dla pracowników, od 5 osób',
  insurer: INSURER_HEALTH,
  tags: ['Od 5 osób', 'Ambulatorium + szpital', 'Benefit pracowniczy'],
  highlights: [
    'Uzupełnia ubezpieczenie społeczne: ambulatorium i szpital',
    'Od 5 do 300 osób',
    'Pierwszy wybór na benefit pracowniczy',
  ],
  plans: { basic: teamMedicalPlan('Podstawowy'), plus: teamMedicalPlan('Plus') },
  terms: YEAR,
  documents: documents('Ogólne warunki grupowego uzupełniającego ubezpieczenia medycznego', [
    'Czy któryś z ubezpieczonych jest obecnie leczony w szpitalu lub przebywa na zwolnieniu lekarskim?',
    'Czy któryś z ubezpieczonych choruje lub chorował na nowotwór złośliwy, mocznicę, był po przeszczepie narządu lub ma inną poważną chorobę?',
  ]),
};

/** By product code. */
export const DEMO_PRODUCTS_PL: Readonly<Record<string, ProductLocale>> = {
  'ACC-ZH': accident,
  'ACC-CHILD': childAccident,
  'MED-BW': millionMedical,
  'TRV-DOM': domesticTravel,
  'TRV-INT': overseasTravel,
  'TEAM-EMP': employerLiability,
  'TEAM-MED': teamMedical,
};
