import type { Locale } from 'antd-mobile/es/locales/base';

const typeTemplate = '${label} nie jest prawidłową wartością typu ${type}';

/**
 * Polish texts of antd-mobile's own components (it ships no pl-PL, docs/toolchain.md#antd-mobile-locales). Passed to
 * ConfigProvider and to setDefaultConfig, since imperative Toast/Dialog ignore the provider.
 */
export const plPL: Locale = {
  locale: 'pl-PL',
  common: { confirm: 'Potwierdź', cancel: 'Anuluj', loading: 'Ładowanie', close: 'Zamknij' },
  Calendar: {
    title: 'Wybierz datę',
    confirm: 'Potwierdź',
    start: 'Początek',
    end: 'Koniec',
    startAndEnd: 'Początek/koniec',
    today: 'Dziś',
    markItems: ['pon', 'wt', 'śr', 'czw', 'pt', 'sob', 'niedz'],
    yearAndMonth: '${month}.${year}',
  },
  Cascader: { placeholder: 'Wybierz' },
  Dialog: { ok: 'Rozumiem' },
  DatePicker: { tillNow: 'Do dziś' },
  ErrorBlock: {
    default: { title: 'Coś poszło nie tak', description: 'Spróbuj ponownie za chwilę' },
    busy: { title: 'Duży ruch', description: 'Spróbuj odświeżyć stronę' },
    disconnected: { title: 'Sieć jest zajęta', description: 'Spróbuj odświeżyć stronę' },
    empty: { title: 'Nic tu nie ma', description: 'Spróbuj poszukać czegoś innego' },
  },
  Form: {
    required: 'Wymagane',
    optional: 'Opcjonalne',
    defaultValidateMessages: {
      default: 'Błąd walidacji pola ${label}',
      required: 'Podaj ${label}',
      enum: '${label} musi być jedną z wartości [${enum}]',
      whitespace: '${label} nie może być pusty',
      date: {
        format: '${label}: nieprawidłowy format daty',
        parse: '${label}: nie można odczytać daty',
        invalid: '${label}: nieprawidłowa data',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: '${label} musi mieć ${len} znaków',
        min: '${label} musi mieć co najmniej ${min} znaków',
        max: '${label} może mieć najwyżej ${max} znaków',
        range: '${label} musi mieć od ${min} do ${max} znaków',
      },
      number: {
        len: '${label} musi być równe ${len}',
        min: '${label} musi wynosić co najmniej ${min}',
        max: '${label} może wynosić najwyżej ${max}',
        range: '${label} musi mieścić się między ${min} a ${max}',
      },
      array: {
        len: '${label}: wymagana liczba elementów to ${len}',
        min: '${label}: co najmniej ${min} elementów',
        max: '${label}: najwyżej ${max} elementów',
        range: '${label}: od ${min} do ${max} elementów',
      },
      pattern: { mismatch: '${label} nie pasuje do wzorca ${pattern}' },
    },
  },
  ImageUploader: { uploading: 'Przesyłanie…', upload: 'Prześlij' },
  InfiniteScroll: { noMore: 'To już wszystko', failedToLoad: 'Nie udało się wczytać', retry: 'Spróbuj ponownie' },
  Input: { clear: 'Wyczyść' },
  Mask: { name: 'Tło' },
  Modal: { ok: 'Rozumiem' },
  NumberKeyboard: { backspace: 'Usuń' },
  PasscodeInput: { name: 'Pole kodu' },
  PullToRefresh: { pulling: 'Przeciągnij, aby odświeżyć', canRelease: 'Puść, aby odświeżyć', complete: 'Odświeżono' },
  SearchBar: { name: 'Pole wyszukiwania' },
  Slider: { name: 'Suwak' },
  Stepper: { decrease: 'Zmniejsz', increase: 'Zwiększ' },
  Switch: { name: 'Przełącznik' },
  Selector: { name: 'Wybór' },
};
