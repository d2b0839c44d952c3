/** "67234.12" → "67,234.12": thousands separators on the whole part, the decimals kept as sent. */
export function formatPrice(price: string): string {
  const [whole = '', fraction] = price.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
