import { Stepper, type StepperProps } from 'antd-mobile';
import { useLayoutEffect, useRef } from 'react';

const VALUE_ATTRIBUTES = ['aria-valuenow', 'aria-valuemin', 'aria-valuemax'] as const;

/**
 * antd-mobile's Stepper with a name a screen reader says: its field is a spinbutton, but the
 * library puts the value attributes on the box around it and gives it no label. They are moved onto
 * the field, which is named `label`, after every render.
 */
export function LabelledStepper({ label, ...props }: StepperProps & { label: string }) {
  const box = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const wrapper = box.current?.querySelector('.adm-stepper-input');
    const field = wrapper?.querySelector('input');
    if (!wrapper || !field) return;
    for (const name of VALUE_ATTRIBUTES) {
      const value = wrapper.getAttribute(name);
      if (value === null) continue;
      field.setAttribute(name, value);
      wrapper.removeAttribute(name);
    }
    field.setAttribute('aria-label', label);
  });
  return (
    <span ref={box}>
      <Stepper {...props} />
    </span>
  );
}
