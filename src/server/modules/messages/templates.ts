import type { ClaimType } from '#shared/claims.ts';
import { CLAIM_TYPE_LABELS } from '#shared/claims.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { formatYuan } from '#shared/money.ts';
import type { LocalizedText } from '../catalogue/localize.ts';

/**
 * Internal messages as templates (docs/decisions.md#messages-in-the-readers-language): a message is
 * stored as a template key with its parameters and rendered when read, in the reader's language.
 * The rendered Chinese is stored as well (title, body), for rows of unknown templates and for
 * anything reading the table directly. Amounts are fen (formatted when rendered), dates Beijing
 * dates or minutes already formatted, names of things a text per language (LocalizedText).
 */

export type MessageParam = string | number | boolean | null | LocalizedText;
export type MessageParams = Record<string, MessageParam>;

export interface RenderedMessage {
  title: string;
  body: string;
}

const CLAIM_TYPE_PL: Record<ClaimType, string> = {
  accident_medical: 'leczenie po wypadku',
  hospital: 'pobyt w szpitalu',
  death_disability: 'śmierć/inwalidztwo',
  travel_delay: 'opóźnienie podróży',
  other: 'inne',
};

/** Reads parameters in one language: texts in it (else Chinese), fen as ¥ amounts. */
class Params {
  constructor(
    private readonly params: MessageParams,
    private readonly language: Language,
  ) {}

  text(name: string): string {
    const value = this.params[name];
    if (value === null || value === undefined) return '';
    if (typeof value === 'object') return value[this.language] || value[DEFAULT_LANGUAGE];
    return String(value);
  }

  yuan(name: string): string {
    return formatYuan(Number(this.params[name] ?? 0));
  }

  flag(name: string): boolean {
    return this.params[name] === true;
  }

  claimType(): string {
    const type = this.text('claimType') as ClaimType;
    return this.language === 'pl' ? (CLAIM_TYPE_PL[type] ?? type) : (CLAIM_TYPE_LABELS[type] ?? type);
  }

  /** A staff note as a sentence of its own, ending with a full stop (empty without a note). */
  note(): string {
    const note = this.text('note').trim();
    if (!note) return '';
    const ended = /[。！？.!?]$/.test(note);
    return this.language === 'pl' ? ` Uwaga: ${note}${ended ? '' : '.'}` : `说明：${note}${ended ? '' : '。'}`;
  }
}

type Render = (p: Params) => RenderedMessage;

const claimHead = {
  'zh-cn': (p: Params) => `您的理赔 ${p.text('claimNo')}（${p.text('product')}）`,
  pl: (p: Params) => `Szkoda ${p.text('claimNo')} (${p.text('product')})`,
};

const TEMPLATES = {
  'order.submitted': {
    'zh-cn': (p) => ({
      title: '投保单已提交',
      body:
        `您的订单 ${p.text('orderNo')}（${p.text('product')} ${p.text('plan')}）已提交，应付保费 ${p.yuan('premiumFen')}，` +
        `请在 ${p.text('deadline')} 前完成支付，逾期订单将自动关闭。`,
    }),
    pl: (p) => ({
      title: 'Wniosek złożony',
      body:
        `Zamówienie ${p.text('orderNo')} (${p.text('product')}, ${p.text('plan')}) zostało złożone, składka do zapłaty: ${p.yuan('premiumFen')}. ` +
        `Zapłać do ${p.text('deadline')}, inaczej zamówienie zostanie automatycznie zamknięte.`,
    }),
  },
  'order.paid': {
    'zh-cn': (p) => ({
      title: p.flag('active') ? '保单已生效' : '支付成功',
      body:
        `您的订单 ${p.text('orderNo')}（${p.text('product')} ${p.text('plan')}）已支付成功，保单号 ${p.text('policyNo')}，` +
        `保障期间 ${p.text('startDate')} 00:00 至 ${p.text('endDate')} 24:00${p.flag('active') ? '，保单已生效' : `，将于 ${p.text('startDate')} 零时生效`}。`,
    }),
    pl: (p) => ({
      title: p.flag('active') ? 'Polisa obowiązuje' : 'Płatność przyjęta',
      body:
        `Zamówienie ${p.text('orderNo')} (${p.text('product')}, ${p.text('plan')}) zostało opłacone, numer polisy ${p.text('policyNo')}, ` +
        `okres ochrony od ${p.text('startDate')} 00:00 do ${p.text('endDate')} 24:00` +
        `${p.flag('active') ? '. Polisa już obowiązuje.' : `. Polisa zacznie obowiązywać ${p.text('startDate')} o północy.`}`,
    }),
  },
  'policy.surrendered': {
    'zh-cn': (p) => ({
      title: '退保成功',
      body:
        `您的保单 ${p.text('policyNo')}（${p.text('product')} ${p.text('plan')}）已在犹豫期内退保，保障自 ${p.text('endDay')} 起终止。` +
        `保费 ${p.yuan('refundFen')} 将原路退回您的微信支付账户。`,
    }),
    pl: (p) => ({
      title: 'Polisa wypowiedziana',
      body:
        `Polisa ${p.text('policyNo')} (${p.text('product')}, ${p.text('plan')}) została wypowiedziana w okresie na namysł, ochrona kończy się ${p.text('endDay')}. ` +
        `Składka ${p.yuan('refundFen')} wróci na Twoje konto WeChat Pay.`,
    }),
  },
  cooling_off_ending: {
    'zh-cn': (p) => ({
      title: '犹豫期即将结束',
      body:
        `您的保单 ${p.text('policyNo')}（${p.text('product')} ${p.text('plan')}）的犹豫期将于 ${p.text('until')} 结束。` +
        '犹豫期内退保可全额退还保费，之后退保只退还未满期净保费。请确认保留保单，或在犹豫期内办理退保。',
    }),
    pl: (p) => ({
      title: 'Okres na namysł wkrótce się kończy',
      body:
        `Okres na namysł dla polisy ${p.text('policyNo')} (${p.text('product')}, ${p.text('plan')}) kończy się ${p.text('until')}. ` +
        'Do tego czasu odstąpienie od umowy zwraca całą składkę, później tylko jej niewykorzystaną część. Zachowaj polisę albo odstąp od umowy przed końcem tego okresu.',
    }),
  },
  renewal_due: {
    'zh-cn': (p) => ({
      title: '保单即将到期，可一键续保',
      body:
        `您的保单 ${p.text('policyNo')}（${p.text('product')} ${p.text('plan')}）将于 ${p.text('endDate')} 24:00 到期，还有 ${p.text('days')} 天。` +
        '续保已为您按原保单预填好方案和人员，保障自到期次日零时起连续，确认并支付即可。',
    }),
    pl: (p) => ({
      title: 'Polisa wkrótce wygasa: odnów jednym kliknięciem',
      body:
        `Polisa ${p.text('policyNo')} (${p.text('product')}, ${p.text('plan')}) wygasa ${p.text('endDate')} o 24:00, za ${p.text('days')} dni. ` +
        'Wniosek o odnowienie jest już wypełniony danymi z tej polisy, a ochrona trwa bez przerwy od północy następnego dnia: wystarczy potwierdzić i zapłacić.',
    }),
  },
  'refund.succeeded': {
    'zh-cn': (p) => ({
      title: '退款已到账',
      body: `您退保的${p.text('product')}保费 ${p.yuan('refundFen')} 已原路退回。`,
    }),
    pl: (p) => ({
      title: 'Zwrot zaksięgowany',
      body: `Składka ${p.yuan('refundFen')} za wypowiedzianą polisę (${p.text('product')}) wróciła na konto, z którego zapłacono.`,
    }),
  },
  'refund.failed': {
    'zh-cn': (p) => ({
      title: '退款未能完成',
      body: `您退保的${p.text('product')}保费 ${p.yuan('refundFen')} 未能退回原支付账户（如银行卡已注销）。请联系客服，我们将为您另行退款。`,
    }),
    pl: (p) => ({
      title: 'Zwrot nieudany',
      body:
        `Nie udało się zwrócić składki ${p.yuan('refundFen')} za wypowiedzianą polisę (${p.text('product')}) na konto płatności (np. karta została zamknięta). ` +
        'Skontaktuj się z obsługą klienta: zwrócimy ją w inny sposób.',
    }),
  },
  'claim.reported': {
    'zh-cn': (p) => ({
      title: '报案成功',
      body:
        `已收到您的报案，案件号 ${p.text('claimNo')}（${p.text('product')}，${p.claimType()}，被保险人 ${p.text('insured')}，` +
        `出险日期 ${p.text('incidentDate')}）。请按理赔材料清单上传材料，我们将尽快审核。`,
    }),
    pl: (p) => ({
      title: 'Zgłoszenie szkody przyjęte',
      body:
        `Przyjęliśmy zgłoszenie szkody nr ${p.text('claimNo')} (${p.text('product')}, ${p.claimType()}, ubezpieczony ${p.text('insured')}, ` +
        `data zdarzenia ${p.text('incidentDate')}). Prześlij dokumenty z listy, a rozpatrzymy je jak najszybciej.`,
    }),
  },
  'claim.resubmitted': {
    'zh-cn': (p) => ({ title: '补充材料已提交', body: `${claimHead['zh-cn'](p)}的补充材料已提交，已重新进入审核。` }),
    pl: (p) => ({
      title: 'Uzupełnienie wysłane',
      body: `${claimHead.pl(p)}: dokumenty uzupełniające zostały wysłane, szkoda wróciła do weryfikacji.`,
    }),
  },
  'claim.reviewing': {
    'zh-cn': (p) => ({
      title: '理赔审核中',
      body: `${claimHead['zh-cn'](p)}已进入审核，审核结果将通过站内信通知您。${p.note()}`,
    }),
    pl: (p) => ({
      title: 'Szkoda w weryfikacji',
      body: `${claimHead.pl(p)} jest weryfikowana, o wyniku poinformujemy w wiadomości.${p.note()}`,
    }),
  },
  'claim.supplement': {
    'zh-cn': (p) => ({
      title: '请补充理赔材料',
      body: `${claimHead['zh-cn'](p)}需要补充材料。${p.note()}请在“理赔”页面上传后点击“提交补充材料”。`,
    }),
    pl: (p) => ({
      title: 'Uzupełnij dokumenty',
      body: `${claimHead.pl(p)}: potrzebne są dodatkowe dokumenty.${p.note()} Dodaj je na stronie szkody i wybierz „Wyślij uzupełnienie”.`,
    }),
  },
  'claim.closed': {
    'zh-cn': (p) => ({
      title: '理赔审核通过',
      body: `${claimHead['zh-cn'](p)}审核通过，已结案，赔款将支付至您尾号 ${p.text('accountTail')} 的账户。${p.note()}`,
    }),
    pl: (p) => ({
      title: 'Szkoda uznana',
      body: `${claimHead.pl(p)} została uznana i zamknięta, odszkodowanie trafi na Twoje konto o końcówce ${p.text('accountTail')}.${p.note()}`,
    }),
  },
  'claim.rejected': {
    'zh-cn': (p) => ({
      title: '理赔审核结果',
      body: `${claimHead['zh-cn'](p)}经审核不予赔付。${p.note()}如有疑问请联系客服。`,
    }),
    pl: (p) => ({
      title: 'Decyzja w sprawie szkody',
      body: `${claimHead.pl(p)}: po weryfikacji odmówiono wypłaty.${p.note()} W razie pytań skontaktuj się z obsługą klienta.`,
    }),
  },
  'claim.paid': {
    'zh-cn': (p) => ({
      title: '理赔款已支付',
      body: `${claimHead['zh-cn'](p)}赔款 ${p.yuan('paidFen')} 已支付至 ${p.text('bank')} 尾号 ${p.text('accountTail')} 的账户。${p.note()}`,
    }),
    pl: (p) => ({
      title: 'Odszkodowanie wypłacone',
      body: `${claimHead.pl(p)}: odszkodowanie ${p.yuan('paidFen')} wypłacono na konto w ${p.text('bank')} o końcówce ${p.text('accountTail')}.${p.note()}`,
    }),
  },
} satisfies Record<string, Record<Language, Render>>;

export type MessageTemplate = keyof typeof TEMPLATES;

export function isMessageTemplate(key: string | null): key is MessageTemplate {
  return key !== null && Object.hasOwn(TEMPLATES, key);
}

export function renderMessage(template: MessageTemplate, params: MessageParams, language: Language): RenderedMessage {
  return TEMPLATES[template][language](new Params(params, language));
}
