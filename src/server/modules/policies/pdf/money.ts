/** ¥1,234.50 from fen: documents and messages show yuan with two decimals. */
export function formatYuan(fen: number): string {
  const yuan = (fen / 100).toFixed(2);
  const [int, dec] = yuan.split('.');
  return `¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}
