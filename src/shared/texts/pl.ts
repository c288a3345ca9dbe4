/** The texts both the H5 and the server show, in Polish: the keys and arguments of zh-cn.ts. */
import { ERROR_TEXTS_PL } from './errors.pl.ts';
import type { SharedTextKey } from './zh-cn.ts';

export const SHARED_TEXTS_PL: Record<SharedTextKey, string> = {
  ...ERROR_TEXTS_PL,

  // Validation: any field
  'field.required': 'wymagane',
  'field.invalid': 'nieprawidłowy format',
  'field.controlCharacters': 'nie może zawierać znaków sterujących',
  'field.lineBreaks': 'nie może zawierać podziałów wiersza, tabulatorów ani znaków sterujących',
  'field.dateFormat': 'data w formacie RRRR-MM-DD',
  'field.monthRequired': 'wybierz miesiąc',
  'field.monthFormat': 'miesiąc w formacie RRRR-MM',
  'field.statusInvalid': 'nieprawidłowy status',
  'field.keywordText': 'słowo kluczowe musi być tekstem',
  'field.keywordMax50': 'słowo kluczowe może mieć najwyżej 50 znaków',
  'field.keywordMax30': 'słowo kluczowe może mieć najwyżej 30 znaków',
  'field.pageNumber': 'numer strony musi być dodatnią liczbą całkowitą',
  'field.pageTooLarge': 'numer strony jest za duży',
  'field.pageSizeNumber': 'liczba pozycji na stronie musi być dodatnią liczbą całkowitą',
  'field.pageSizeMax': 'najwyżej 50 pozycji na stronie',
  'field.pageSizeRange': 'liczba pozycji na stronie: 1–50',
  'field.amountFen': 'kwota musi być liczbą całkowitą (w fenach)',
  'field.nameFormat': 'imię i nazwisko: 2–30 liter',
  'field.nameRequired': 'podaj imię i nazwisko',
  'field.mobileFormat': 'nieprawidłowy numer telefonu',
  'field.emailFormat': 'nieprawidłowy adres e-mail',
  'field.emailRequired': 'podaj adres e-mail odbiorcy',
  'field.emailTooLong': 'adres e-mail jest za długi',
  'field.idTypeInvalid': 'nieprawidłowy rodzaj dokumentu',
  'field.idNumberRequired': 'podaj numer dokumentu',
  'field.idNumberFormat': 'numer dokumentu ma 18 znaków, ostatni może być X',
  'field.idNumberBirth': 'data urodzenia w numerze dokumentu jest nieprawidłowa',
  'field.idNumberCheckDigit': 'nieprawidłowa cyfra kontrolna numeru dokumentu, sprawdź go',
  'field.idNumberTypeMismatch': 'numer dokumentu nie pasuje do rodzaju dokumentu ({idType})',
  'field.relationInvalid': 'nieprawidłowa relacja z ubezpieczającym',
  'field.occupationNumber': 'klasa zawodowa musi być liczbą 1–6',
  'field.occupationRange': 'klasa zawodowa: 1–6',
  'field.remarkMax100': 'uwaga może mieć najwyżej 100 znaków',

  // Validation: numbers of records
  'id.policy': 'numer polisy musi być dodatnią liczbą całkowitą',
  'id.insured': 'numer ubezpieczonego musi być dodatnią liczbą całkowitą',
  'id.department': 'numer działu musi być dodatnią liczbą całkowitą',
  'id.member': 'numer członka musi być dodatnią liczbą całkowitą',
  'id.company': 'numer firmy musi być dodatnią liczbą całkowitą',
  'id.draft': 'numer wniosku musi być dodatnią liczbą całkowitą',
  'id.order': 'numer zamówienia musi być dodatnią liczbą całkowitą',
  'id.claim': 'numer szkody musi być dodatnią liczbą całkowitą',
  'id.file': 'numer pliku musi być dodatnią liczbą całkowitą',
  'id.partner': 'numer partnera musi być dodatnią liczbą całkowitą',
  'id.person': 'numer zapisanej osoby musi być dodatnią liczbą całkowitą',
  'id.addedPolicy': 'numer dodanej polisy musi być dodatnią liczbą całkowitą',
  'id.invoice': 'numer faktury musi być dodatnią liczbą całkowitą',
  'id.voucher': 'numer dokumentu ubezpieczenia musi być dodatnią liczbą całkowitą',
  'id.withdrawal': 'numer wniosku o wypłatę musi być dodatnią liczbą całkowitą',
  'id.product': 'numer produktu musi być dodatnią liczbą całkowitą',
  'id.message': 'numer musi być dodatnią liczbą całkowitą',
  'id.recommender': 'kod polecenia musi być dodatnią liczbą całkowitą',
  'id.referrer': 'numer polecającego musi być liczbą',

  // Validation: claims
  'claim.amountPositive': 'kwota roszczenia musi być większa od 0',
  'claim.amountTooLarge': 'kwota roszczenia jest za duża',
  'claim.typeRequired': 'wybierz rodzaj szkody',
  'claim.descriptionMin': 'opisz zdarzenie co najmniej 5 znakami',
  'claim.descriptionMax': 'opis zdarzenia może mieć najwyżej 500 znaków',
  'claim.payeeName': 'imię i nazwisko odbiorcy: 2–30 liter',
  'claim.bankRequired': 'podaj nazwę banku',
  'claim.bankMax': 'nazwa banku może mieć najwyżej 40 znaków',
  'claim.accountFormat': 'numer konta: 10–30 cyfr',
  'claim.socialInsurance': 'rozliczenie z ubezpieczeniem społecznym: yes, no lub unknown',
  'claim.deskFilter': 'status musi być jednym z: open, reported, reviewing, supplement, closed, rejected, paid',

  // Validation: companies
  'company.departmentRequired': 'podaj nazwę działu',
  'company.departmentMax': 'nazwa działu może mieć najwyżej 30 znaków',
  'company.inviteInvalid': 'nieprawidłowy kod zaproszenia',
  'company.shareRange': 'udział musi wynosić 0–100',
  'company.shareDecimals': 'udział może mieć najwyżej dwa miejsca po przecinku',
  'company.shareSum': 'suma udziałów działów nie może przekroczyć 100%',
  'company.departmentRepeated': 'dział się powtarza',
  'company.membersRequired': 'wybierz członków',
  'company.membersMax': 'jednorazowo można wybrać najwyżej 200 osób',
  'company.memberAction': 'operacja: enable, disable lub leave',

  // Validation: ratings
  'feedback.rating': 'ocena musi być liczbą całkowitą 1–5',
  'feedback.kind': 'rodzaj oceny: claim lub service',
  'feedback.commentMax': 'ocena może mieć najwyżej {maximum} znaków',
  'feedback.claimRequired': 'wskaż szkodę, którą oceniasz',
  'feedback.serviceWithClaim': 'ocena obsługi nie wskazuje szkody',

  // Validation: finance
  'finance.withdrawalAmount': 'kwota wypłaty musi być liczbą całkowitą (w fenach)',
  'finance.withdrawalMin': 'jednorazowa wypłata: co najmniej {minimum, number, ::scale/0.01 group-off} juanów',
  'finance.withdrawalMax': 'jednorazowa wypłata: najwyżej {maximum, number, ::scale/0.01 group-off} juanów',
  'finance.reviewAction': 'decyzja: approve lub reject',
  'finance.rejectReason': 'podaj powód odrzucenia wypłaty',
  'finance.productTypeRequired': 'wybierz rodzaj ubezpieczenia',
  'finance.rateInteger': 'stawka prowizji musi być liczbą całkowitą (w punktach bazowych)',
  'finance.rateNegative': 'stawka prowizji nie może być ujemna',
  'finance.rateMax': 'stawka prowizji: najwyżej {maximum, number, ::scale/0.01 group-off}%',
  'finance.templateNameMax': 'nazwa szablonu może mieć najwyżej 30 znaków',

  // Validation: invoices
  'invoice.taxNoLength': 'NIP musi być 18-znakowym jednolitym kodem kredytu społecznego',
  'invoice.taxNoFormat': 'nieprawidłowy format NIP',
  'invoice.taxNoCheckDigit': 'nieprawidłowa cyfra kontrolna NIP',
  'invoice.ordersRequired': 'wybierz zamówienia do faktury',
  'invoice.ordersMax': 'jedna faktura obejmuje najwyżej {maximum} zamówień',
  'invoice.ordersRepeated': 'zamówienie wybrano dwa razy',
  'invoice.titleKind': 'nabywca: osoba prywatna lub firma',
  'invoice.titleRequired': 'podaj nabywcę na fakturze',
  'invoice.titleMin': 'nabywca: co najmniej 2 znaki',
  'invoice.titleMax': 'nabywca: najwyżej 100 znaków',
  'invoice.taxNoRequired': 'dla firmy podaj NIP',
  'invoice.taxNoForbidden': 'osoba prywatna nie podaje NIP',

  // Validation: notifications
  'notification.kindInvalid': 'nieprawidłowy rodzaj powiadomienia',
  'notification.kindRepeated': 'rodzaj powiadomienia się powtarza',

  // Validation: buying
  'order.holderCompanyRequired': 'podaj nazwę ubezpieczającej firmy',
  'order.creditCodeFormat': 'nieprawidłowy format jednolitego kodu kredytu społecznego',
  'order.creditCodeCheck': 'nieprawidłowy znak kontrolny jednolitego kodu kredytu społecznego',
  'order.healthBlocked':
    'W deklaracji zdrowia jest odpowiedź „tak”: tego produktu nie można kupić online. Aby się ubezpieczyć, skontaktuj się z obsługą klienta w celu indywidualnej oceny ryzyka.',

  // Validation: partners
  'partner.nameText': 'imię i nazwisko musi być tekstem',
  'partner.nameMax': 'imię i nazwisko może mieć najwyżej 30 znaków',
  'partner.remarkText': 'uwaga musi być tekstem',
  'partner.remarkMax': 'uwaga może mieć najwyżej 200 znaków',
  'partner.status': 'status: active lub disabled',
  'partner.nothingChanged': 'zmień co najmniej jedno pole',

  // Validation: saved persons
  'person.kind': 'rodzaj: applicant lub insured',
  'person.consent': 'zgódź się na zapisanie danych wrażliwych',
  'person.applicantMobile': 'podaj numer telefonu ubezpieczającego',
  'person.relationRequired': 'wybierz relację z ubezpieczającym',

  // Validation: policies
  'policy.surrenderReasonRequired': 'podaj powód wypowiedzenia',
  'policy.surrenderReasonMax': 'powód wypowiedzenia może mieć najwyżej 200 znaków',

  // Validation: promotion visits
  'promo.pathText': 'ścieżka strony musi być tekstem',
  'promo.pathTooLong': 'ścieżka strony jest za długa',
  'promo.pathFormat': 'nieprawidłowa ścieżka strony',
  'promo.visitorText': 'identyfikator odwiedzającego musi być tekstem',
  'promo.visitorFormat': 'nieprawidłowy identyfikator odwiedzającego',

  // Validation: the member and the profile
  'profile.birthdayTooEarly': 'data urodzenia nie może być wcześniejsza niż 1900-01-01',
  'profile.birthdayFuture': 'data urodzenia nie może być późniejsza niż dziś',
  'profile.nameMax': 'imię i nazwisko może mieć najwyżej 50 znaków',
  'profile.emailMax': 'adres e-mail może mieć najwyżej 254 znaki',
  'profile.regionMax': 'region może mieć najwyżej 100 znaków',
  'profile.addressMax': 'adres może mieć najwyżej 200 znaków',
  'profile.nicknameRequired': 'pseudonim nie może być pusty',
  'profile.nicknameMax': 'pseudonim może mieć najwyżej {maximum} znaków',
  'profile.nicknameControl': 'pseudonim nie może zawierać znaków sterujących',
  'profile.avatarMax': 'adres awatara może mieć najwyżej {maximum} znaków',
  'profile.avatarFormat': 'awatar musi być adresem http(s) obrazu lub przesłanym obrazem',
  'profile.nothingGiven': 'podaj pseudonim, awatar lub ustawienie trybu dla seniorów',
  'profile.elderModeBoolean': 'ustawienie trybu dla seniorów musi mieć wartość true lub false',
  'profile.smsCodeFormat': 'kod ma 6 cyfr',
  'profile.passwordTooLong': 'hasło jest za długie',

  // Validation: the family cover check-up
  'checkup.category': 'kategoria ochrony: accident, medical lub travel',

  // Validation: 保单托管 (policies added from other insurers)
  'addedPolicy.insurerRequired': 'Podaj ubezpieczyciela',
  'addedPolicy.insurerMax': 'Nazwa ubezpieczyciela może mieć najwyżej 40 znaków',
  'addedPolicy.productNameRequired': 'Podaj nazwę produktu',
  'addedPolicy.productNameMax': 'Nazwa produktu może mieć najwyżej 60 znaków',
  'addedPolicy.category': 'Wybierz kategorię ochrony',
  'addedPolicy.insuredRequired': 'Wybierz co najmniej jedną osobę ubezpieczoną',
  'addedPolicy.insuredMax': 'Najwyżej 10 osób ubezpieczonych',
  'addedPolicy.coversRequired': 'Podaj co najmniej jeden zakres ochrony z sumą ubezpieczenia',
  'addedPolicy.coversMax': 'Najwyżej 20 zakresów ochrony',
  'addedPolicy.coverNameRequired': 'Podaj nazwę zakresu ochrony',
  'addedPolicy.coverNameMax': 'Nazwa zakresu ochrony może mieć najwyżej 30 znaków',
  'addedPolicy.sumInsuredNumber': 'Suma ubezpieczenia musi być kwotą',
  'addedPolicy.sumInsuredRange': 'Suma ubezpieczenia musi być większa od 0 i nie większa niż 100 mln juanów',
  'addedPolicy.premiumNumber': 'Składka musi być kwotą',
  'addedPolicy.premiumRange': 'Składka musi wynosić od 0 do 100 mln juanów',
  'addedPolicy.frequency': 'Wybierz sposób opłacania składki',
  'addedPolicy.policyNoRequired': 'Podaj numer polisy',
  'addedPolicy.policyNoMax': 'Numer polisy może mieć najwyżej 40 znaków',
  'addedPolicy.endBeforeStart': 'Koniec ochrony nie może być wcześniej niż jej początek',
  'addedPolicy.dueDateRequired': 'Przy składce rocznej lub miesięcznej podaj termin następnej płatności',
  'addedPolicy.dueDateInCover': 'Termin następnej płatności musi przypadać w okresie ochrony',
  'addedPolicy.singleNoDueDate': 'Polisa opłacona jednorazowo nie ma następnej płatności',

  // Names of codes
  'idType.id_card': 'Chiński dowód osobisty',
  'idType.hmt_residence': 'Karta pobytu mieszkańca HK/Makau/Tajwanu',
  'idType.foreign_permanent': 'Karta stałego pobytu cudzoziemca',
  'documentKind.clause': 'Warunki ubezpieczenia',
  'documentKind.notice': 'Informacje dla ubezpieczającego',
  'documentKind.exclusions': 'Wyłączenia odpowiedzialności',
  'documentKind.health': 'Deklaracja zdrowia',
  'personKind.applicant': 'zapisani ubezpieczający',
  'personKind.insured': 'zapisani ubezpieczeni',

  // Claims: the materials a claim needs, and the pre-check's reasons (the H5 shows them too)
  'claim.doc.form': 'Wniosek o wypłatę podpisany przez ubezpieczonego lub uposażonego',
  'claim.doc.identity': 'Dowód osobisty ubezpieczonego (obie strony)',
  'claim.doc.accidentProof': 'Dokument potwierdzający wypadek, np. protokół policji lub zaświadczenie pracodawcy',
  'claim.doc.medicalRecord': 'Dokumentacja z przychodni lub izby przyjęć, wyniki badań',
  'claim.doc.invoice': 'Faktury za leczenie i szczegółowe zestawienie kosztów',
  'claim.doc.discharge': 'Historia choroby i karta wypisowa ze szpitala',
  'claim.doc.diagnosis': 'Zaświadczenie lekarskie z rozpoznaniem',
  'claim.doc.deathProof': 'Śmierć: akt zgonu, dokument wymeldowania',
  'claim.doc.disabilityProof': 'Inwalidztwo: orzeczenie uprawnionej jednostki o stopniu inwalidztwa',
  'claim.doc.beneficiary': 'Dokument tożsamości uposażonego i dowód pokrewieństwa z ubezpieczonym',
  'claim.doc.ticket': 'Karta pokładowa lub potwierdzenie biletu elektronicznego',
  'claim.doc.delayProof': 'Zaświadczenie przewoźnika lub lotniska o opóźnieniu (czas i przyczyna)',
  'claim.doc.passport': 'Podróż zagraniczna: paszport i zapis przekroczenia granicy',
  'claim.doc.bank': 'Dane rachunku bankowego odbiorcy wypłaty',
  'claim.doc.lossProof': 'Dokument potwierdzający zdarzenie lub szkodę',
  'claim.doc.expenseProof': 'Dowody poniesionych kosztów',
  'claim.precheck.reason.covered':
    'Objęte świadczeniem „{coverage}”: suma ubezpieczenia {limit}, udział własny {deductible}.',
  'claim.precheck.reason.over_limit':
    'Kwota przekracza sumę ubezpieczenia świadczenia „{coverage}”; wypłata najwyżej {limit}.',
  'claim.precheck.reason.surrendered':
    'Polisa została wypowiedziana {date}; ochrona wygasła i nie można zgłosić szkody.',
  'claim.precheck.reason.not_in_force_yet':
    'Data zdarzenia jest wcześniejsza niż okres ubezpieczenia ({start} – {end}); polisa jeszcze nie obowiązywała.',
  'claim.precheck.reason.lapsed':
    'Data zdarzenia jest późniejsza niż okres ubezpieczenia ({start} – {end}); polisa już wygasła.',
  'claim.precheck.reason.type_not_covered': 'Wariant „{plan}” nie obejmuje rodzaju szkody „{type}”.',
  'claim.precheck.reason.waiting_period':
    'Zdarzenie nastąpiło w {days}-dniowym okresie karencji (do {waitingEnds}); koszty choroby nie są pokrywane. Jeśli leczenie wynika z wypadku, wybierz „Leczenie po wypadku”.',
  'claim.precheck.reason.under_deductible':
    'Kwota nie przekracza udziału własnego {deductible}; wypłata jest mało prawdopodobna.',
  'claim.precheck.reason.assessment_required':
    'Przy śmierci lub inwalidztwie wypłata zależy od sumy ubezpieczenia i orzeczonego stopnia inwalidztwa; ustala ją likwidator, najwyżej {limit}.',
  'claim.precheck.reason.manual_review':
    'Przy rodzaju „Inne” likwidator ocenia na podstawie dokumentów, czy szkoda jest objęta ochroną.',

  // Names of codes the H5 shows, and the answers' display fields (statusText, typeText, …) in the reader's language
  'claim.type.accidentMedical': 'Leczenie po wypadku',
  'claim.type.hospital': 'Pobyt w szpitalu',
  // Too long for half a phone's width in one piece: the line may break after the slash.
  'claim.type.deathDisability': 'Śmierć/\u200Binwalidztwo',
  'claim.type.travelDelay': 'Opóźnienie podróży',
  'claim.type.other': 'Inne',
  'claim.status.reported': 'Zgłoszona',
  'claim.status.reviewing': 'W weryfikacji',
  'claim.status.supplement': 'Uzupełnienie dokumentów',
  'claim.status.closed': 'Zamknięta',
  'claim.status.rejected': 'Odmowa wypłaty',
  'claim.status.paid': 'Wypłacona',
  'claim.file.identity': 'Dokument tożsamości',
  'claim.file.medical': 'Dokumentacja medyczna',
  'claim.file.invoice': 'Faktury za leczenie',
  'claim.file.proof': 'Dowód zdarzenia lub szkody',
  'claim.file.bank': 'Karta bankowa',
  'claim.file.other': 'Inne dokumenty',
  'order.status.unpaid': 'Do zapłaty',
  'order.status.paid': 'Opłacone',
  'order.status.cancelled': 'Anulowane',
  'order.status.expired': 'Zamknięte po terminie',
  'policy.status.pending': 'Oczekujące',
  'policy.status.active': 'Aktywne',
  'policy.status.expired': 'Wygasłe',
  'policy.status.surrendered': 'Rozwiązane',
  'withdrawal.status.pending': 'Do weryfikacji',
  'withdrawal.status.paid': 'Wypłacone',
  'withdrawal.status.rejected': 'Odrzucone',
  'partner.status.active': 'Aktywny',
  'partner.status.disabled': 'Wyłączony',
  'partner.relation.downline': 'Polecony przeze mnie',
  'partner.relation.upline': 'Mój polecający',
  'ledger.kind.commission': 'Prowizja',
  'ledger.kind.reversal': 'Storno po rozwiązaniu polisy',
  'ledger.kind.withdrawal': 'Wypłata środków',
  'ledger.kind.withdrawal_rejected': 'Zwrot odrzuconej wypłaty',

  // The claim guide (GET /claims/guide and the H5's claim page)
  'claim.step.report': 'Zgłoszenie',
  'claim.step.reportText':
    'Po zdarzeniu zgłoś szkodę online lub przez infolinię, podając czas, miejsce i przebieg zdarzenia.',
  'claim.step.submit': 'Dokumenty',
  'claim.step.submitText':
    'Przygotuj dokumenty właściwe dla rodzaju szkody i prześlij ich zdjęcia; ubezpieczyciel może poprosić o oryginały.',
  'claim.step.review': 'Weryfikacja',
  'claim.step.reviewText':
    'Ubezpieczyciel sprawdza dokumenty, w razie potrzeby prowadzi wyjaśnienia lub prosi o uzupełnienie.',
  'claim.step.pay': 'Wypłata',
  'claim.step.payText': 'Po uzgodnieniu wypłaty odszkodowanie trafia na wskazany rachunek bankowy.',
  'claim.guide.law':
    'Zgodnie z art. 23 chińskiej ustawy o ubezpieczeniach ubezpieczyciel rozpatruje roszczenie niezwłocznie, w sprawach złożonych w ciągu 30 dni, a odszkodowanie wypłaca w ciągu 10 dni od uzgodnienia wypłaty.',
};
