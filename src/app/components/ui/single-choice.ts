/**
 * The rule of a single choice (docs/decisions/single-choices.md): tapping the option that is already
 * selected keeps it selected, as a radio group does. antd-mobile's Selector would clear it instead,
 * which left forms without a value their next step needs (本人, the claim type, 出险人).
 */
export function keptChoice<V>(next: readonly V[], current: readonly V[] | undefined): V[] | null {
  if (next.length === 0 && current !== undefined && current.length > 0) return null;
  return [...next];
}
