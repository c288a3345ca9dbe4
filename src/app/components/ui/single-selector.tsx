import { Selector, type SelectorProps } from 'antd-mobile';
import { keptChoice } from './single-choice.ts';

/** antd-mobile's option values. */
type SelectorValue = string | number;
type SingleSelectorProps<V extends SelectorValue> = Omit<SelectorProps<V>, 'multiple'>;

/**
 * antd-mobile's Selector for one choice whose selected option stays selected when tapped again
 * (see keptChoice). Same props; works inside Form.Item (value and onChange come from the form).
 */
export function SingleSelector<V extends SelectorValue>({ value, onChange, ...rest }: SingleSelectorProps<V>) {
  return (
    <Selector<V>
      {...rest}
      value={value}
      onChange={(next, extend) => {
        const kept = keptChoice(next, value);
        if (kept !== null) onChange?.(kept, extend);
      }}
    />
  );
}
