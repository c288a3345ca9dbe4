import { AmountText } from '../ui/amount-text.tsx';
import { useT } from '../../i18n/index.ts';

/** "¥69.00 起" in Chinese, "od ¥69.00" in Polish: the words go where each language puts them. */
export function PriceFrom({ fen, perHead }: { fen: number; perHead: boolean }) {
  const t = useT();
  const before = t('product.priceFromBefore');
  const after = t(perHead ? 'product.priceFromAfterPerHead' : 'product.priceFromAfter');
  return (
    <>
      {before && <small>{before} </small>}
      <AmountText fen={fen} strong />
      {after && <small>{after}</small>}
    </>
  );
}
