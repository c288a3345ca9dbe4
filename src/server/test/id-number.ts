/** Resident ID numbers of the server tests, with check digits computed here (GB 11643). */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** A resident ID number with a correct check digit. `seq` odd = male. */
export function idNumber(birthDate: string, seq = 123, area = '110105'): string {
  const first17 = `${area}${birthDate.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * WEIGHTS[i], 0);
  return first17 + CHECK[sum % 11];
}

/** The same number with a wrong last character. */
export function wrongCheckDigit(id: string): string {
  const last = id[17] === '0' ? '1' : '0';
  return id.slice(0, 17) + last;
}
